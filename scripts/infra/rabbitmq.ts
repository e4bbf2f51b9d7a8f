// Finds a RabbitMQ broker for `npm start`, in the order the architecture gives: AMQP_URL, then
// 127.0.0.1:5672, then the machine's rabbitmq-server (started by us, so stopped by us), then the
// docker-compose `rabbitmq` service when a Docker engine answers, else an error that says what to do.
import { type Log, probePort, run, SYSTEM_BIN_DIRS, waitForPort, waitForPortClosed, which } from './util'

export interface RabbitHandle {
  url: string
  source: 'env' | 'local' | 'docker'
  /** Whether this call started the broker (stop() only stops what it started). */
  started: boolean
  stop(): Promise<void>
}

export interface FindRabbitOptions {
  /** Path of docker-compose.yml, used only when a Docker engine is the last resort. */
  composeFile: string
  log?: Log
}

const HOST = '127.0.0.1'
const PORT = 5672
const LOCAL_URL = `amqp://guest:guest@${HOST}:${PORT}`
const START_TIMEOUT_MS = 60_000
const RABBIT_DIRS = [...SYSTEM_BIN_DIRS, '/usr/lib/rabbitmq/bin', '/opt/homebrew/sbin']

const noop = async () => {}

export async function findOrStartRabbit(options: FindRabbitOptions): Promise<RabbitHandle> {
  const log = options.log ?? (() => {})
  const fromEnv = process.env.AMQP_URL
  if (fromEnv) {
    log('RabbitMQ: using AMQP_URL')
    return { url: fromEnv, source: 'env', started: false, stop: noop }
  }

  if (await probePort(HOST, PORT)) {
    log(`RabbitMQ: using the broker on ${HOST}:${PORT}`)
    return { url: LOCAL_URL, source: 'local', started: false, stop: noop }
  }

  const server = which('rabbitmq-server', RABBIT_DIRS)
  if (server) return startLocal(server, log)

  if (await dockerAvailable()) return startCompose(options.composeFile, log)

  throw new Error(
    [
      `No RabbitMQ broker: nothing answers on ${HOST}:${PORT}, rabbitmq-server is not installed and no Docker engine is running.`,
      'Any one of these fixes it:',
      '  - install it locally:   sudo apt-get install -y rabbitmq-server   (macOS: brew install rabbitmq);',
      '                          npm start then starts it (or start it yourself: sudo rabbitmq-server -detached)',
      '  - use a broker you have: AMQP_URL=amqp://user:password@host:5672 npm start',
      `  - start Docker:          npm start then runs docker compose -f ${options.composeFile} up -d rabbitmq`,
    ].join('\n'),
  )
}

/**
 * `rabbitmq-server -detached` returns at once; the broker opens 5672 ~3 s later. (`rabbitmqctl await_startup`
 * straight after -detached fails with rc 69 because the node is not up yet, so we poll the port instead.)
 */
async function startLocal(server: string, log: Log): Promise<RabbitHandle> {
  log(`RabbitMQ: nothing on ${HOST}:${PORT}; starting the local broker (${server} -detached)`)
  const begin = Date.now()
  // Its own process group: a Ctrl-C in the terminal while it starts does not reach the broker.
  const detach = await run(server, ['-detached'], { detached: true })
  if (detach.code !== 0) {
    throw new Error(
      `rabbitmq-server -detached failed (exit ${detach.code}): ${(detach.stdout + detach.stderr).trim()}\n` +
        'Start the broker yourself (sudo rabbitmq-server -detached) or set AMQP_URL.',
    )
  }
  if (!(await waitForPort(HOST, PORT, START_TIMEOUT_MS))) {
    throw new Error(
      `rabbitmq-server was started but ${HOST}:${PORT} did not open within ${START_TIMEOUT_MS / 1000} s; ` +
        'see /var/log/rabbitmq/ for its logs.',
    )
  }
  log(`RabbitMQ: local broker up on ${HOST}:${PORT} in ${Date.now() - begin} ms`)
  const ctl = which('rabbitmqctl', RABBIT_DIRS) ?? 'rabbitmqctl'
  return {
    url: LOCAL_URL,
    source: 'local',
    started: true,
    stop: async () => {
      const result = await run(ctl, ['stop'], { timeoutMs: 60_000 })
      if (result.code !== 0)
        log(`RabbitMQ: rabbitmqctl stop failed: ${(result.stderr || result.stdout).trim()}`)
      await waitForPortClosed(HOST, PORT, 30_000)
    },
  }
}

/** `docker compose` (the v2 plugin) or the standalone `docker-compose`, whichever this machine has. */
async function composeCommand(): Promise<string[] | undefined> {
  if ((await run('docker', ['compose', 'version'], { timeoutMs: 10_000 })).code === 0)
    return ['docker', 'compose']
  if (which('docker-compose', SYSTEM_BIN_DIRS)) return ['docker-compose']
  return undefined
}

async function startCompose(composeFile: string, log: Log): Promise<RabbitHandle> {
  const compose = await composeCommand()
  if (!compose) {
    throw new Error(
      'No RabbitMQ broker: a Docker engine runs but neither `docker compose` nor `docker-compose` is installed. ' +
        'Install the compose plugin, or rabbitmq-server (sudo apt-get install -y rabbitmq-server), or set AMQP_URL.',
    )
  }
  const [command, ...base] = compose as [string, ...string[]]
  const args = [...base, '-f', composeFile]
  // Compose interpolates the whole file even for one service: give the variables that other services
  // require (`${VAR:?...}`) a placeholder so `up rabbitmq` works without them.
  const env = {
    ...process.env,
    JWT_PRIVATE_KEY: process.env.JWT_PRIVATE_KEY || 'unused-by-rabbitmq',
    ADMIN_EMAIL: process.env.ADMIN_EMAIL || 'unused-by-rabbitmq',
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || 'unused-by-rabbitmq',
  }
  log(`RabbitMQ: starting it with ${[command, ...args].join(' ')} up -d --wait rabbitmq`)
  const result = await run(command, [...args, 'up', '-d', '--wait', 'rabbitmq'], { env, timeoutMs: 300_000 })
  if (result.code !== 0) {
    throw new Error(`docker compose up rabbitmq failed: ${(result.stderr || result.stdout).trim()}`)
  }
  if (!(await waitForPort(HOST, PORT, START_TIMEOUT_MS))) {
    throw new Error(`the rabbitmq container is up but ${HOST}:${PORT} does not answer`)
  }
  // The container's broker refuses `guest` from outside its own loopback, so use the user compose creates.
  const user = encodeURIComponent(process.env.RABBITMQ_USER || 'medstore')
  const password = encodeURIComponent(process.env.RABBITMQ_PASSWORD || 'medstore-dev')
  return {
    url: `amqp://${user}:${password}@${HOST}:${PORT}`,
    source: 'docker',
    started: true,
    stop: async () => {
      const stopped = await run(command, [...args, 'stop', 'rabbitmq'], { env, timeoutMs: 60_000 })
      if (stopped.code !== 0) log(`RabbitMQ: docker compose stop failed: ${stopped.stderr.trim()}`)
    },
  }
}

let dockerCheck: Promise<boolean> | undefined

/**
 * True when a Docker engine answers `docker info` within timeoutMs (a client without an engine fails in
 * well under a second). The answer is cached for the life of the process.
 */
export function dockerAvailable(timeoutMs = 5000): Promise<boolean> {
  dockerCheck ??= (async () => {
    if (!which('docker', SYSTEM_BIN_DIRS)) return false
    const result = await run('docker', ['info', '--format', '{{.ServerVersion}}'], { timeoutMs })
    return result.code === 0 && result.stdout.trim().length > 0
  })()
  return dockerCheck
}
