// A RabbitMQ node of the drill's own: the machine's rabbitmq-server with its own node name, AMQP and
// distribution ports, data and log directories and config file (the machine's /etc/rabbitmq/rabbitmq.conf
// pins the shared node's listener, so ours needs a config of its own). Stopping it never touches the
// shared broker. Its data directory survives stop/start, so durable queues and persistent messages do too.
import { type ChildProcess, spawn } from 'node:child_process'
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { run, waitForPort, waitForPortClosed } from '../../../scripts/infra/util'
import { freePort } from './ports'

export interface PrivateRabbit {
  url: string
  port: number
  start(): Promise<void>
  stop(): Promise<void>
  destroy(): Promise<void>
}

const START_TIMEOUT_MS = 90_000

export async function startPrivateRabbit(): Promise<PrivateRabbit> {
  const base = mkdtempSync(join(tmpdir(), 'medstore-drill-rmq-'))
  const [port, distPort] = [await freePort(), await freePort()]
  const node = `drill${port}@localhost`
  writeFileSync(join(base, 'enabled_plugins'), '[].\n')
  writeFileSync(
    join(base, 'rabbitmq.conf'),
    `listeners.tcp.local = 127.0.0.1:${port}\nloopback_users = none\n`,
  )
  mkdirSync(join(base, 'log'))
  if (userInfo().uid === 0) await chownToRabbitmq(base)
  const env = {
    ...process.env,
    RABBITMQ_NODENAME: node,
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_CONFIG_FILE: join(base, 'rabbitmq.conf'),
    RABBITMQ_MNESIA_BASE: join(base, 'mnesia'),
    RABBITMQ_LOG_BASE: join(base, 'log'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(base, 'enabled_plugins'),
    RABBITMQ_PID_FILE: join(base, 'rabbitmq.pid'),
  }
  let server: ChildProcess | undefined
  let exited: Promise<void> = Promise.resolve()

  const start = async () => {
    const child = spawn('rabbitmq-server', [], { env, stdio: 'ignore', detached: true })
    server = child
    exited = new Promise((resolve) => child.once('exit', () => resolve()))
    if (!(await waitForPort('127.0.0.1', port, START_TIMEOUT_MS)))
      throw new Error(`the drill's RabbitMQ node did not listen on ${port}; see ${join(base, 'log')}`)
  }
  const stop = async () => {
    const result = await run('rabbitmqctl', ['-n', node, 'stop'], { env, timeoutMs: 60_000 })
    if (result.code !== 0 && server?.pid) process.kill(-server.pid, 'SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))])
    await waitForPortClosed('127.0.0.1', port, 10_000)
  }
  await start()
  return {
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    port,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => {
        if (server?.pid) process.kill(-server.pid, 'SIGKILL')
      })
      rmSync(base, { recursive: true, force: true })
    },
  }
}

async function chownToRabbitmq(dir: string): Promise<void> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'rabbitmq']), run('id', ['-g', 'rabbitmq'])])
  if (uid.code !== 0) throw new Error('rabbitmq-server runs as the rabbitmq user, which does not exist')
  const ids = [Number(uid.stdout.trim()), Number(gid.stdout.trim())] as const
  chownSync(dir, ...ids)
  chownSync(join(dir, 'log'), ...ids)
  for (const file of ['enabled_plugins', 'rabbitmq.conf']) chownSync(join(dir, file), ...ids)
}
