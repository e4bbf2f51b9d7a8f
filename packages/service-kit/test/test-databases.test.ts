import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { committedMigrations, pendingMigrations } from '../src/prisma/migrate'
import { createTestDatabase, type TestDatabase } from '../src/testing'

// The order service has several migrations: enough to tell "all applied" from "some applied".
const orderDir = path.resolve(import.meta.dirname, '../../../services/order')
const made: TestDatabase[] = []
afterAll(() => Promise.all(made.map((database) => database.drop())))

describe('test databases from a migrated template', () => {
  it('an empty database has every committed migration pending', async () => {
    const empty = await createTestDatabase('empty')
    made.push(empty)
    const migrations = committedMigrations(orderDir)
    expect(migrations.length).toBeGreaterThan(1)
    expect(await pendingMigrations(empty.url, migrations)).toEqual(migrations)
  })

  it("a service's database is a copy of its migrated schema, so its start runs no migration", async () => {
    const first = await createTestDatabase('copy1', orderDir)
    const second = await createTestDatabase('copy2', orderDir)
    made.push(first, second)
    const migrations = committedMigrations(orderDir)
    expect(await pendingMigrations(first.url, migrations)).toEqual([])
    expect(await pendingMigrations(second.url, migrations)).toEqual([])
    expect(first.name).not.toBe(second.name)
  })

  it('a migration the database lacks is pending', async () => {
    const copy = await createTestDatabase('copy3', orderDir)
    made.push(copy)
    const migrations = [...committedMigrations(orderDir), '29991231000000_not_yet_applied']
    expect(await pendingMigrations(copy.url, migrations)).toEqual(['29991231000000_not_yet_applied'])
  })
})
