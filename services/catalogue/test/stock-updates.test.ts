import { sqlOver } from '@medstore/service-kit'
import { pgConfigFromUrl } from '@medstore/service-kit/prisma'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { takeStock } from '../src/data/reservations'
import { startCatalogue } from './helpers'

/**
 * Every order changes its products' stock. The product table keeps room on each page (fillfactor, migration
 * 20261207030000) so that change is a heap-only tuple update: the new row version stays on its page and none
 * of the product's indexes is written. Checked on pages filled as a bulk load fills them, with the counts
 * PostgreSQL keeps for the current transaction.
 */
let ctx: Awaited<ReturnType<typeof startCatalogue>>
let client: pg.Client
let middle: string

beforeAll(async () => {
  ctx = await startCatalogue()
  const admin = ctx.issuer.admin()
  await ctx.api('/category', { method: 'POST', token: admin, json: { name: 'Pain & Fever' } })
  const created = await ctx.api('/product', {
    method: 'POST',
    token: admin,
    json: { name: 'Paracetamol 500 mg', category: 'Pain & Fever', price: 20, description: 'x', stock: 100 },
  })
  expect(created.status).toBe(201)
  client = new pg.Client(pgConfigFromUrl(ctx.service.database.url))
  await client.connect()
  // Two thousand copies written one after another, as COPY writes them: every page filled to the fillfactor.
  await client.query(
    `INSERT INTO product SELECT (jsonb_populate_record(p, jsonb_build_object('id', gen_random_uuid(),
       'name', p.name || ' ' || g))).* FROM product p, generate_series(1, 2000) g WHERE p.id = $1`,
    [created.body._id],
  )
  await client.query('VACUUM ANALYZE product')
  const { rows } = await client.query<{ id: string }>(
    `SELECT id::text AS id FROM product WHERE name = 'Paracetamol 500 mg 1000'`,
  )
  middle = rows[0]!.id
}, 60_000)

afterAll(async () => {
  await client?.end()
  await ctx?.close()
})

describe('stock changes on a full product table', () => {
  it('change the row on its own page and write no index (a heap-only tuple update)', async () => {
    await client.query('BEGIN')
    try {
      const taken = await takeStock(sqlOver(client as unknown as pg.PoolClient), [
        { productId: middle, quantity: 1 },
      ])
      expect(taken.map((p) => p.stock)).toEqual([99])
      const { rows } = await client.query<{ updated: number; hot: number }>(
        `SELECT pg_stat_get_xact_tuples_updated('product'::regclass)::int AS updated,
           pg_stat_get_xact_tuples_hot_updated('product'::regclass)::int AS hot`,
      )
      expect(rows[0]).toEqual({ updated: 1, hot: 1 })
    } finally {
      await client.query('ROLLBACK')
    }
  })
})
