import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { pgConfigFromUrl, withDatabase } from '../prisma/pg-url'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server URL whose user may create databases. */
    pgAdminUrl: string
    amqpUrl: string
    /** Prefix of every throw-away database of this run; the global teardown drops what is left. */
    testDbPrefix: string
  }
}

export const testInfra = () => ({
  pgAdminUrl: inject('pgAdminUrl'),
  amqpUrl: inject('amqpUrl'),
  testDbPrefix: inject('testDbPrefix'),
})

export type TestDatabase = { url: string; name: string; drop: () => Promise<void> }

async function admin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(pgConfigFromUrl(adminUrl))
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** A fresh, empty database on the test server, dropped by `drop()` (or by the global teardown). */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const { pgAdminUrl, testDbPrefix } = testInfra()
  const name = `${testDbPrefix}_${label.replace(/\W/g, '').slice(0, 20)}_${randomBytes(3).toString('hex')}`
  await admin(pgAdminUrl, (c) => c.query(`CREATE DATABASE "${name}"`))
  return {
    name,
    url: withDatabase(pgAdminUrl, name),
    drop: () =>
      admin(pgAdminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  }
}

/** Drops every database whose name starts with the prefix (global teardown). */
export async function dropTestDatabases(adminUrl: string, prefix: string): Promise<void> {
  await admin(adminUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${prefix}%`],
    )
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
  })
}
