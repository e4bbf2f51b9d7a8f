import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { createLogger } from '../logger'
import { applyMigrations, committedMigrations } from '../prisma/migrate'
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

/**
 * A fresh database on the test server, dropped by `drop()` (or by the global teardown): empty, or a copy
 * of `serviceDir`'s migrated schema (see migratedTemplate).
 */
export async function createTestDatabase(label: string, serviceDir?: string): Promise<TestDatabase> {
  const { pgAdminUrl, testDbPrefix } = testInfra()
  const name = `${testDbPrefix}_${label.replace(/\W/g, '').slice(0, 20)}_${randomBytes(3).toString('hex')}`
  const template = serviceDir ? await migratedTemplate(serviceDir) : undefined
  await admin(pgAdminUrl, (c) =>
    c.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`),
  )
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

/**
 * A database holding `serviceDir`'s committed migrations, made once per test run and per set of
 * migrations, for test databases to be copied from: a copy takes ~0.2 s where running the migrations
 * takes 3–6 s of CPU, and a run starts services a few hundred times. Test files run in parallel
 * processes, so the first to need a template makes it under an advisory lock and the others wait.
 */
async function migratedTemplate(serviceDir: string): Promise<string> {
  const { pgAdminUrl, testDbPrefix } = testInfra()
  const migrations = committedMigrations(serviceDir)
  const digest = createHash('sha256')
  for (const name of migrations)
    digest
      .update(name)
      .update(readFileSync(path.join(serviceDir, 'prisma', 'migrations', name, 'migration.sql')))
  const hash = digest.digest('hex').slice(0, 10)
  const name = `${testDbPrefix}_tpl_${path.basename(serviceDir).replace(/\W/g, '')}_${hash}`
  await admin(pgAdminUrl, async (c) => {
    await c.query('SELECT pg_advisory_lock(hashtext($1))', [name])
    try {
      const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
      if (rowCount) return
      const building = `${name}_building`
      await c.query(`CREATE DATABASE "${building}"`)
      await applyMigrations(serviceDir, withDatabase(pgAdminUrl, building), createLogger('tests', 'silent'))
      // The migration CLI is stopped once it reports success and may still be connected: a template
      // must have no sessions to be copied.
      await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [building])
      await c.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`)
    } finally {
      await c.query('SELECT pg_advisory_unlock(hashtext($1))', [name])
    }
  })
  return name
}
