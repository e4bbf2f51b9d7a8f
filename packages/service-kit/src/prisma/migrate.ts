import { spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Logger } from '../logger'

const DONE = /All migrations have been successfully applied|No pending migrations to apply|No migration found/
const require = createRequire(import.meta.url)

/**
 * Applies a service's committed migrations with `prisma migrate deploy` (wasm schema engine, offline).
 * Prisma 6.19's CLI lingers ~10 s after it has finished; we stop waiting once it says it is done.
 */
export async function applyMigrations(
  serviceDir: string,
  databaseUrl: string,
  logger: Logger,
): Promise<void> {
  const migrationsDir = path.join(serviceDir, 'prisma', 'migrations')
  if (!existsSync(migrationsDir) || readdirSync(migrationsDir).every((f) => f === 'migration_lock.toml'))
    return
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
