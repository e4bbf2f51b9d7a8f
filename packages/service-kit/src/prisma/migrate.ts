import { spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import pg from 'pg'
import type { Logger } from '../logger'
import { pgConfigFromUrl } from './pg-url'

const DONE = /All migrations have been successfully applied|No pending migrations to apply|No migration found/
const require = createRequire(import.meta.url)

/** The committed migrations of a service (folder names, in the order Prisma applies them). */
export function committedMigrations(serviceDir: string): string[] {
  const migrationsDir = path.join(serviceDir, 'prisma', 'migrations')
  if (!existsSync(migrationsDir)) return []
  return readdirSync(migrationsDir)
    .filter((name) => /^\d+_/.test(name))
    .sort()
}

/**
 * The committed migrations the database does not record as applied (all of them for a new database).
 * Starting the Prisma CLI costs
 * 3–6 s of CPU even when there is nothing to do, which every restart (and every test database copied
 * from a migrated template) would pay.
 */
export async function pendingMigrations(databaseUrl: string, migrations: string[]): Promise<string[]> {
  const client = new pg.Client(pgConfigFromUrl(databaseUrl))
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT migration_name AS name FROM _prisma_migrations
       WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    )
    const applied = new Set(rows.map((row) => row.name))
    return migrations.filter((name) => !applied.has(name))
  } catch {
    return migrations // no _prisma_migrations table yet: a new database
  } finally {
    await client.end()
  }
}

/**
 * Applies a service's committed migrations with `prisma migrate deploy` (wasm schema engine, offline),
 * unless the database already has them all.
 * Prisma 6.19's CLI lingers ~10 s after it has finished; we stop waiting once it says it is done.
 */
export async function applyMigrations(
  serviceDir: string,
  databaseUrl: string,
  logger: Logger,
): Promise<void> {
  const migrations = committedMigrations(serviceDir)
  if (migrations.length === 0 || (await pendingMigrations(databaseUrl, migrations)).length === 0) return
  const cli = require.resolve('prisma/build/index.js')
  const started = Date.now()
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'migrate', 'deploy'], {
      cwd: serviceDir,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        CHECKPOINT_DISABLE: '1',
        PRISMA_HIDE_UPDATE_MESSAGE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    let finished = false
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      if (!finished && DONE.test(output)) {
        finished = true
        child.kill('SIGTERM')
        resolve()
      }
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.on('error', reject)
    child.on('exit', (code) => {
      if (finished) return
      if (code === 0) resolve()
      else
        reject(
          new Error(
            `prisma migrate deploy failed (exit ${code}):\n${output.trim().split('\n').slice(-15).join('\n')}`,
          ),
        )
    })
  })
  logger.info({ ms: Date.now() - started }, 'database migrations applied')
}
