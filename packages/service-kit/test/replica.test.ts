import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { envelope } from '../src/bus/envelope'
import { isEmptyReplica, keepDeletions, keepNewest, type ReplicaTable } from '../src/replica/replica'
import { startTestService, type TestService } from '../src/testing'
import { notesService } from './fixture/service'
import type { PrismaClient } from './fixture/src/generated/prisma/client'

// The helpers on events of the contracts (product ones, as the catalogue kit uses them; the kit knows
// none of their meaning): a record's columns, its deletions, and a part of it on its own clock.
let service: TestService<PrismaClient, unknown>

const table: ReplicaTable = { name: 'replica_product', eventTimeColumn: 'source_at', tombstones: true }
const productId = (data: { productId: string }) => data.productId
const upserted = keepNewest('product.upserted', table, {
  id: productId,
  columns: (p) => ({ name: p.name, price_paise: Math.round(p.price * 100) }),
})
const deleted = keepDeletions('product.deleted', table, {
  id: productId,
  row: { name: '', price_paise: 0, stock: 0 },
  reset: ['stock'],
})
const stockChanged = keepNewest(
  'product.stock_changed',
  { ...table, eventTimeColumn: 'stock_at' },
  {
    id: productId,
    columns: (s) => ({ stock: s.stock }),
    firstRow: { name: '', price_paise: 0, deleted: true, source_at: new Date(0) },
  },
)
const people = { name: 'replica_person', tombstones: false }
const registered = keepNewest('user.registered', people, {
  id: (user) => user.userId,
  columns: (user, occurredAt) =>
    user.isAdmin ? null : { name: user.name, locale: user.locale ?? null, first_at: occurredAt },
  keep: ['locale', 'first_at'],
})

beforeAll(async () => {
  service = (await startTestService(notesService().definition)) as TestService<PrismaClient, unknown>
  await service.db.$executeRawUnsafe(`CREATE TABLE replica_product (
    id text PRIMARY KEY, name text NOT NULL, price_paise integer NOT NULL, stock integer NOT NULL DEFAULT 0,
    deleted boolean NOT NULL DEFAULT false, source_at timestamptz(3) NOT NULL,
    stock_at timestamptz(3) NOT NULL DEFAULT 'epoch')`)
  await service.db.$executeRawUnsafe(
    'CREATE TABLE replica_person (id text PRIMARY KEY, name text NOT NULL, locale text, first_at timestamptz(3) NOT NULL)',
  )
})

afterAll(async () => {
  await service?.close()
})

const product = (id: string, name: string) => ({
  productId: id,
  name,
  category: 'Pain relief',
  price: 12.5,
  image: 'http://localhost/img.png',
  schedule: 'OTC' as const,
})
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute)).toISOString()
const upsert = async (id: string, name: string, stock: number, minute: number) => {
  await upserted.handle(
    { ...envelope('product.upserted', product(id, name)), occurredAt: at(minute) },
    service.db,
  )
  await setStock(id, stock, minute)
}
const setStock = (id: string, stock: number, minute: number) =>
  stockChanged.handle(
    { ...envelope('product.stock_changed', { productId: id, stock }), occurredAt: at(minute) },
    service.db,
  )
const remove = (id: string, minute: number) =>
  deleted.handle({ ...envelope('product.deleted', { productId: id }), occurredAt: at(minute) }, service.db)
const row = async (id: string) =>
  (
    await service.db.$queryRawUnsafe<
      { name: string; price_paise: number; stock: number; deleted: boolean }[]
    >('SELECT name, price_paise, stock, deleted FROM replica_product WHERE id = $1', id)
  )[0]

describe('a replica kept by keepNewest and keepDeletions', () => {
  it('keeps the newest copy of a product whatever order its events arrive in', async () => {
    await upsert('p1', 'Paracetamol 500', 9, 2)
    await upsert('p1', 'Paracetamol (old name)', 3, 1)
    expect(await row('p1')).toEqual({ name: 'Paracetamol 500', price_paise: 1250, stock: 9, deleted: false })
    await upsert('p1', 'Paracetamol 500', 9, 2)
    expect(await row('p1')).toEqual({ name: 'Paracetamol 500', price_paise: 1250, stock: 9, deleted: false })
  })

  it('keeps a deleted product as a tombstone that a late upsert cannot bring back', async () => {
    await upsert('p2', 'Cetirizine', 5, 1)
    await remove('p2', 3)
    expect(await row('p2')).toEqual({ name: 'Cetirizine', price_paise: 1250, stock: 0, deleted: true })
    await upsert('p2', 'Cetirizine', 5, 2)
    expect((await row('p2'))?.deleted).toBe(true)
    // Re-created later in the catalogue: a newer upsert wins.
    await upsert('p2', 'Cetirizine', 7, 4)
    expect(await row('p2')).toMatchObject({ stock: 7, deleted: false })
  })

  it('records a deletion it hears of before the product itself', async () => {
    await remove('p3', 5)
    await upsert('p3', 'Ibuprofen', 2, 4)
    // The record's older copy is ignored; its stock, on its own clock, may land on the tombstone: it stays deleted.
    expect(await row('p3')).toMatchObject({ name: '', price_paise: 0, deleted: true })
  })

  it('applies a batch of upserts in any order as one by one would: the newest copy of each record', async () => {
    const event = (id: string, name: string, minute: number) => ({
      ...envelope('product.upserted', product(id, name)),
      occurredAt: at(minute),
    })
    await upsert('p5', 'Ashwagandha', 1, 9)
    await upserted.handleBatch!(
      [
        event('p4', 'Brahmi (old)', 1),
        event('p5', 'Ashwagandha (older than the row)', 8),
        event('p4', 'Brahmi', 3),
        event('p6', 'Neem', 2),
        event('p4', 'Brahmi (middle)', 2),
      ],
      service.db,
    )
    expect(await row('p4')).toMatchObject({ name: 'Brahmi' })
    expect(await row('p5')).toMatchObject({ name: 'Ashwagandha', stock: 1 })
    expect(await row('p6')).toMatchObject({ name: 'Neem' })
  })

  it('keeps a part on its own clock: neither part hides the other, whatever order they arrive in', async () => {
    // The stock first: a placeholder that stays deleted until the record itself arrives.
    await setStock('p7', 8, 5)
    expect(await row('p7')).toEqual({ name: '', price_paise: 0, stock: 8, deleted: true })
    // The record, older than the stock: its columns apply, the newer stock stays.
    await upserted.handle(
      { ...envelope('product.upserted', product('p7', 'Tulsi')), occurredAt: at(4) },
      service.db,
    )
    expect(await row('p7')).toEqual({ name: 'Tulsi', price_paise: 1250, stock: 8, deleted: false })
    await setStock('p7', 3, 3)
    expect((await row('p7'))?.stock).toBe(8)
    await setStock('p7', 2, 6)
    expect(await row('p7')).toEqual({ name: 'Tulsi', price_paise: 1250, stock: 2, deleted: false })
  })

  it('knows whether it is empty', async () => {
    expect(await isEmptyReplica(service.db, table)).toBe(false)
    expect(await isEmptyReplica(service.db, { ...table, name: 'replica_person' })).toBe(true)
  })
})

describe('a replica without an event time column', () => {
  const person = (userId: string, name: string, options: { isAdmin?: boolean; locale?: 'hi' } = {}) =>
    envelope('user.registered', { userId, userName: userId, email: `${userId}@example.in`, name, ...options })
  const rows = () =>
    service.db.$queryRawUnsafe<{ id: string; name: string; locale: string | null }[]>(
      'SELECT id, name, locale FROM replica_person ORDER BY id',
    )

  it('rewrites a row on every event, keeps the `keep` columns once set, and skips what columns refuses', async () => {
    await registered.handle(person('u1', 'Asha'), service.db)
    await registered.handle(person('u2', 'Admin', { isAdmin: true }), service.db)
    await service.db.$executeRawUnsafe("UPDATE replica_person SET locale = 'hi' WHERE id = 'u1'")
    await registered.handleBatch!(
      [person('u1', 'Asha Rao'), person('u3', 'Ravi', { locale: 'hi' })],
      service.db,
    )
    expect(await rows()).toEqual([
      { id: 'u1', name: 'Asha Rao', locale: 'hi' },
      { id: 'u3', name: 'Ravi', locale: 'hi' },
    ])
  })
})
