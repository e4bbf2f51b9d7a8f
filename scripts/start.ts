// `npm start`: finds or starts PostgreSQL and RabbitMQ, prepares dev keys and the service databases, builds
// the web apps, then runs every slice (six services, the gateway, four static web servers) as child
// processes with prefixed, readable logs. A slice that exits on its own is started again after a pause
// (scripts/infra/supervised-process.ts), and left stopped, with a message, only when it keeps failing at
// start. Ctrl-C stops the children first, then whatever infrastructure this script started, and exits 0.
import { join, resolve } from 'node:path'
import { DEMO_DATA_ENV } from '@medstore/contracts/demo'
import { shellApp, webApps } from '@medstore/mf-config/apps'
import { buildWeb } from './build-web'
import { generateAll } from './generate'
import {
  databaseUrl,
  ensureDatabase,
  ensureDevInternalSecret,
  ensureDevKeys,
  findOrStartPostgres,
  findOrStartRabbit,
  GATEWAY,
  type PostgresHandle,
  probePort,
  type RabbitHandle,
  redact,
  SERVICE_SLICES,
  serviceUrlVar,
} from './infra'
import { colorWanted, formatLogLine, painter } from './infra/log-format'
import { nodeWithTsx, SupervisedProcess } from './infra/supervised-process'

const REPO = resolve(import.meta.dirname, '..')
const DATA_DIR = join(REPO, '.data')
const GATEWAY_PORT = Number(process.env.GATEWAY_PORT ?? GATEWAY.port)
const HEALTH_TIMEOUT_MS = 90_000
const STOP_GRACE_MS = 10_000
/** A second signal this soon after the first is the same Ctrl-C relayed by npm/tsx, not a new one. */
const SIGNAL_ECHO_MS = 1500

// ---------------------------------------------------------------------------------------------- output

const useColor = colorWanted(process.stdout.isTTY)
const paint = painter(useColor)
const bold = paint('1')
const dim = paint('2')
const red = paint('31')
const yellow = paint('33')
const PALETTE = ['36', '35', '34', '33', '32', '96', '95', '94', '93', '92', '91', '37'].map(paint)
const ALL_NAMES: readonly string[] = [
  ...SERVICE_SLICES.map((service) => service.name),
  GATEWAY.name,
  ...webApps.map((app) => app.id),
]
const PREFIX_WIDTH = Math.max(...ALL_NAMES.map((name) => name.length), 'start'.length)

const prefix = (name: string, color: (text: string) => string) => color(`[${name}]`.padEnd(PREFIX_WIDTH + 2))
const ownPrefix = prefix('start', bold)
const say = (message: string) => console.log(`${ownPrefix} ${message}`)
const warn = (message: string) => console.log(`${ownPrefix} ${yellow('warning:')} ${message}`)
const fail = (message: string) => console.error(`${ownPrefix} ${red(message)}`)
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

// -------------------------------------------------------------------------------------------- children

const children: SupervisedProcess[] = []
let stopping = false

function spawnChild(name: string, entryAndArgs: string[], cwd: string, env: NodeJS.ProcessEnv): void {
  const color = PALETTE[Math.max(0, ALL_NAMES.indexOf(name)) % PALETTE.length] ?? bold
  const tag = prefix(name, color)
  const child = new SupervisedProcess(
    { name, args: nodeWithTsx(...entryAndArgs), cwd, env },
    {
      onLine: (line) => {
        for (const part of formatLogLine(line, { source: name, color: useColor }).split('\n'))
          console.log(`${tag} ${part}`)
      },
      onRestart: (how, delayMs, restarts) =>
        warn(`[${name}] ${how}; starting it again in ${seconds(delayMs)} (restart ${restarts})`),
      onGiveUp: (how, failures) =>
        fail(
          `✖ [${name}] ${how}, and failed at start ${failures} times in a row: giving up on it. ` +
            'The other slices keep running; fix what its log says, then Ctrl-C and npm start again.',
        ),
    },
  )
  child.start()
  children.push(child)
}

const isRunning = (child: SupervisedProcess) => child.running

async function stopChildren(): Promise<void> {
  for (const child of children) child.stop()
  const running = children.filter(isRunning)
  if (running.length > 0) {
    say(`stopping ${running.map((child) => child.name).join(', ')}`)
    for (const child of running) child.signal('SIGTERM')
    const allExited = Promise.all(running.map((child) => child.exited())).then(() => true)
    const inTime = await Promise.race([allExited, sleep(STOP_GRACE_MS).then(() => false)])
    if (!inTime) {
      const stuck = running.filter(isRunning)
      warn(
        `${stuck.map((child) => child.name).join(', ')} did not stop in ${seconds(STOP_GRACE_MS)}; killing`,
      )
      for (const child of stuck) child.signal('SIGKILL')
      await Promise.race([allExited, sleep(2000)])
    }
  }
  // Anything a child left behind in its process group (a grandchild whose parent was killed) goes too.
  for (const child of children) child.signal('SIGKILL')
}

// ---------------------------------------------------------------------------------------- infrastructure

const cleanups: Array<{ name: string; run: () => Promise<void> }> = []
let infraSettled: Promise<unknown> = Promise.resolve()

async function runCleanups(): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    const begin = Date.now()
    try {
      await cleanup.run()
      say(`stopped ${cleanup.name} (${seconds(Date.now() - begin)})`)
    } catch (error) {
      fail(`could not stop ${cleanup.name}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  cleanups.length = 0
}

let shuttingDown: Promise<void> | undefined

function shutdown(code: number): Promise<void> {
  shuttingDown ??= (async () => {
    stopping = true
    await infraSettled
    await stopChildren()
    await runCleanups()
    say(code === 0 ? 'stopped' : 'stopped after an error')
    process.exit(code)
  })()
  return shuttingDown
}

let firstSignalAt: number | undefined

function onSignal(signal: NodeJS.Signals): void {
  const now = Date.now()
  if (firstSignalAt === undefined) {
    firstSignalAt = now
    console.log()
    say(`${signal}: shutting down (press Ctrl-C again to kill everything at once)`)
    void shutdown(0)
    return
  }
  if (now - firstSignalAt < SIGNAL_ECHO_MS) return
  fail('second signal: killing all children now; PostgreSQL/RabbitMQ started by us are left running')
  for (const child of children) {
    child.stop()
    child.signal('SIGKILL')
  }
  process.exit(130)
}

const sleep = (ms: number) => new Promise<void>((resolveSleep) => setTimeout(resolveSleep, ms))

// ------------------------------------------------------------------------------------------------- steps

async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const begin = Date.now()
  const result = await work()
  say(`${label} ${dim(`(${seconds(Date.now() - begin)})`)}`)
  return result
}

async function resolveInfrastructure(): Promise<{ postgres: PostgresHandle; rabbit: RabbitHandle }> {
  const log = (message: string) => say(message)
  const [postgres, rabbit] = await Promise.allSettled([
    findOrStartPostgres({ allowEmbedded: true, dataDir: DATA_DIR, log }),
    findOrStartRabbit({ composeFile: join(REPO, 'docker-compose.yml'), log }),
  ])
  if (postgres.status === 'fulfilled' && postgres.value.started) {
    cleanups.push({ name: `PostgreSQL (${postgres.value.source})`, run: () => postgres.value.stop() })
  }
  if (rabbit.status === 'fulfilled' && rabbit.value.started) {
    cleanups.push({ name: `RabbitMQ (${rabbit.value.source})`, run: () => rabbit.value.stop() })
  }
  const errors = [postgres, rabbit].flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))
  if (errors.length > 0) {
    throw new Error(
      errors.map((error) => (error instanceof Error ? error.message : String(error))).join('\n'),
    )
  }
  if (postgres.status !== 'fulfilled' || rabbit.status !== 'fulfilled') throw new Error('unreachable')
  return { postgres: postgres.value, rabbit: rabbit.value }
}

/** Builds the web apps (scripts/build-web.ts). False when the build failed: the rest still starts. */
async function buildWebApps(): Promise<boolean> {
  try {
    await step('web apps ready', () => buildWeb({ log: say }))
    return true
  } catch (error) {
    fail(
      `building the web apps failed; skipping them: ${error instanceof Error ? error.stack : String(error)}`,
    )
    return false
  }
}

async function portFree(name: string, port: number): Promise<boolean> {
  if (!(await probePort('127.0.0.1', port, 300))) return true
  warn(`port ${port} is already in use (another npm start?); not starting ${name}`)
  return false
}

async function waitForHealth(): Promise<boolean> {
  const url = `http://127.0.0.1:${GATEWAY_PORT}/health`
  const deadline = Date.now() + HEALTH_TIMEOUT_MS
  let lastReport = Date.now()
  let last = 'no answer yet'
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
      const body = await response.text()
      if (response.status === 200) return true
      last = `${response.status} ${body.slice(0, 300)}`
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    if (Date.now() - lastReport >= 15_000) {
      say(`waiting for ${url}: ${last}`)
      lastReport = Date.now()
    }
    await sleep(500)
  }
  if (!stopping) warn(`${url} did not answer 200 within ${seconds(HEALTH_TIMEOUT_MS)}; last answer: ${last}`)
  return false
}

/** Waits until each named service answers /health/ready (its event queues exist by then). */
async function waitForServicesReady(names: string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (const service of SERVICE_SLICES.filter((s) => names.includes(s.name))) {
    while (Date.now() < deadline && !stopping) {
      const ready = await fetch(`http://127.0.0.1:${service.port}/health/ready`, {
        signal: AbortSignal.timeout(1000),
      })
        .then((r) => r.ok)
        .catch(() => false)
      if (ready) break
      await sleep(200)
    }
  }
}

// The catalogue seeds the demo catalogue on its first start and announces every product as an event; the
// services that keep product replicas must have their queues bound by then, so it starts after them.
const STARTS_LAST = 'catalogue'

// -------------------------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  const begin = Date.now()
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal)
  // The children run in their own process groups, so nothing else would stop them if we died.
  process.on('exit', () => {
    for (const child of children.filter(isRunning)) child.signal('SIGKILL')
  })
  for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
    process.on(event, (error: unknown) => {
      fail(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      void shutdown(1)
    })
  }
  say(bold('Medicine Store: starting'))

  const generated = await step('Prisma clients checked', () => generateAll({ log: say }))
  if (generated.failed.length > 0) warn(`prisma generate failed for ${generated.failed.join(', ')}`)
  if (stopping) return

  // A signal now waits for this (so that whatever it starts gets stopped again) before shutting down.
  const infra = step('infrastructure ready', resolveInfrastructure)
  infraSettled = infra.catch(() => {})
  const { postgres, rabbit } = await infra
  if (stopping) return

  const keys = ensureDevKeys(DATA_DIR)
  if (keys.generated) say(`generated development JWT keys in ${join(DATA_DIR, 'keys')}`)
  // The catalogue's internal stock API takes calls carrying this secret only (the order service's).
  const internalSecret = process.env.INTERNAL_TOKEN || ensureDevInternalSecret(DATA_DIR)

  await step('service databases ready', async () => {
    for (const service of SERVICE_SLICES) {
      if (await ensureDatabase(postgres.adminUrl, service.db)) say(`created database ${service.db}`)
    }
  })
  if (stopping) return

  const webBuilt = await buildWebApps()
  if (stopping) return

  const identity = SERVICE_SLICES.find((service) => service.name === 'identity')
  const jwksUrl = `http://127.0.0.1:${identity?.port}/.well-known/jwks.json`
  const { DATABASE_URL: _adminUrl, ...inherited } = process.env
  const common: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    DATA_DIR,
    AMQP_URL: rabbit.url,
    JWKS_URL: jwksUrl,
    JWT_PUBLIC_KEY_FILE: keys.publicKeyFile,
  }
  // Demo customers and orders for an empty development shop (identity and order; refused in production).
  if (common.NODE_ENV !== 'production') common[DEMO_DATA_ENV] = process.env[DEMO_DATA_ENV] ?? 'true'
  const skipped: string[] = []

  const started: string[] = []
  const inStartOrder = [...SERVICE_SLICES].sort(
    (a, b) => Number(a.name === STARTS_LAST) - Number(b.name === STARTS_LAST),
  )
  for (const service of inStartOrder) {
    if (service.name === STARTS_LAST) await waitForServicesReady(started)
    if (stopping) return
    const dir = join(REPO, 'services', service.name)
    if (!(await portFree(service.name, service.port))) {
      skipped.push(service.name)
      continue
    }
    spawnChild(service.name, [join(dir, 'src', 'main.ts')], dir, {
      ...common,
      PORT: String(service.port),
      // Only this machine reaches a service; the gateway (on every interface) is the way in.
      LISTEN_HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl(postgres.adminUrl, service.db),
      ...(service.name === 'identity' ? { JWT_PRIVATE_KEY_FILE: keys.privateKeyFile } : {}),
      ...(service.name === 'catalogue' ? { INTERNAL_TOKEN: internalSecret } : {}),
      ...(service.name === 'order' ? { CATALOGUE_INTERNAL_TOKEN: internalSecret } : {}),
    })
    started.push(service.name)
  }

  const gatewayStarted = await portFree(GATEWAY.name, GATEWAY_PORT)
  if (gatewayStarted) {
    const serviceUrls = Object.fromEntries(
      SERVICE_SLICES.map((service) => [serviceUrlVar(service.name), `http://127.0.0.1:${service.port}`]),
    )
    spawnChild(GATEWAY.name, [join(REPO, 'gateway', 'src', 'main.ts')], join(REPO, 'gateway'), {
      ...common,
      ...serviceUrls,
      GATEWAY_PORT: String(GATEWAY_PORT),
      PORT: String(GATEWAY_PORT),
      // The shop is opened at either address (the README says localhost, many people type 127.0.0.1).
      CORS_ORIGINS:
        process.env.CORS_ORIGINS ?? `http://localhost:${shellApp.port},http://127.0.0.1:${shellApp.port}`,
    })
  } else {
    skipped.push(GATEWAY.name)
  }

  const serveStatic = join(REPO, 'scripts', 'serve-static.ts')
  for (const app of webApps) {
    if (!webBuilt) {
      skipped.push(app.id)
      continue
    }
    if (!(await portFree(app.id, app.port))) {
      skipped.push(app.id)
      continue
    }
    spawnChild(app.id, [serveStatic, app.id], REPO, {
      ...common,
      PORT: String(app.port),
      PUBLIC_API_URL: process.env.PUBLIC_API_URL ?? `http://localhost:${GATEWAY_PORT}`,
    })
  }
  if (stopping) return

  // Keep running (and holding the infrastructure) even when no child could be started.
  setInterval(() => {}, 1 << 30)

  const healthy = gatewayStarted ? await waitForHealth() : false
  if (stopping) return
  const shop = `http://localhost:${shellApp.port}`
  const api = `http://localhost:${GATEWAY_PORT}`
  const line = '─'.repeat(64)
  const lines = [
    line,
    bold(
      healthy
        ? `Medicine Store is up (${seconds(Date.now() - begin)})`
        : `Medicine Store started with problems (${seconds(Date.now() - begin)})`,
    ),
    `  Shop        ${webBuilt && !skipped.includes('shell') ? shop : dim(`${shop} (not started)`)}`,
    `  API         ${gatewayStarted ? api : dim(`${api} (not started)`)}`,
    `  API docs    ${api}/docs`,
    `  Health      ${api}/health${gatewayStarted && !healthy ? yellow(' (not healthy yet)') : ''}`,
    `  PostgreSQL  ${redact(postgres.adminUrl)} ${dim(`(${postgres.source})`)}`,
    `  RabbitMQ    ${redact(rabbit.url)} ${dim(`(${rabbit.source})`)}`,
    ...(skipped.length > 0 ? [yellow(`  Not started: ${skipped.join(', ')}`)] : []),
    '  Press Ctrl-C to stop.',
    line,
  ]
  for (const text of lines) say(text)
}

main().catch(async (error: unknown) => {
  fail(error instanceof Error ? error.message : String(error))
  await shutdown(1)
})
