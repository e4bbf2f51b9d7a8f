import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEvent } from '../src/bus/events'
import { enqueueEvents } from '../src/bus/outbox'
import { ensureEventStore } from '../src/bus/store'
import { createPool } from '../src/prisma/client'
import { sqlOver, sqlTransaction } from '../src/prisma/sql'
import { createTestDatabase, type TestDatabase } from '../src/testing'

let database: TestDatabase
let pool: ReturnType<typeof createPool>

beforeAll(async () => {
  database = await createTestDatabase('sqltx')
  pool = createPool(database.url, 2)
  await ensureEventStore(pool)
  await pool.query('CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL)')
})
afterAll(async () => {
  await pool?.end()
  await database?.drop()
})

const count = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM item')).rows[0]!.n

describe('plain SQL transactions on the pool', () => {
  it('commits the statements and the outbox rows together when the work resolves', async () => {
    const answer = await sqlTransaction(pool, async (tx) => {
      await tx.$executeRawUnsafe('INSERT INTO item (id, name) VALUES ($1, $2)', 1, 'Tulsi')
      await enqueueEvents(tx, createEvent('catalogue.resync_requested', { requestedBy: 'test' }))
      return tx.$queryRawUnsafe<{ name: string }[]>('SELECT name FROM item WHERE id = $1', 1)
    })
    expect(answer).toEqual([{ name: 'Tulsi' }])
    expect(await count()).toBe(1)
    expect((await pool.query('SELECT 1 FROM eventbus.outbox')).rowCount).toBe(1)
  })

  it('rolls everything back and rethrows when the work throws, and the connection serves again', async () => {
    const failure = sqlTransaction(pool, async (tx) => {
      await tx.$executeRawUnsafe('INSERT INTO item (id, name) VALUES ($1, $2)', 2, 'Neem')
      throw new Error('refused')
    })
    await expect(failure).rejects.toThrow('refused')
    // A failed statement (duplicate key) rolls back too.
    await expect(
      sqlTransaction(pool, (tx) => tx.$executeRawUnsafe('INSERT INTO item (id, name) VALUES (1, $1)', 'x')),
    ).rejects.toThrow(/duplicate key/)
    expect(await count()).toBe(1)
    expect(
      await sqlOver(pool).$executeRawUnsafe('UPDATE item SET name = $1 WHERE id = 1', 'Tulsi Drops'),
    ).toBe(1)
  })
})

describe('plain SQL statements on one connection', () => {
  const preparedHere = (sql: ReturnType<typeof sqlOver>) =>
    sql.$queryRawUnsafe<{ statement: string }[]>('SELECT statement FROM pg_prepared_statements')

  it('are prepared once and kept, unless planned for each call', async () => {
    const client = await pool.connect()
    try {
      const prepared = sqlOver(client)
      await prepared.$queryRawUnsafe('SELECT name FROM item WHERE id = $1 /* kept */', 1)
      const planned = sqlOver(client, { planEachCall: true })
      await planned.$queryRawUnsafe('SELECT name FROM item WHERE id = $1 /* each call */', 1)
      const statements = (await preparedHere(planned)).map((row) => row.statement)
      expect(statements.some((text) => text.includes('/* kept */'))).toBe(true)
      expect(statements.some((text) => text.includes('/* each call */'))).toBe(false)
    } finally {
      client.release()
    }
  })
})
