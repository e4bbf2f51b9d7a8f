/**
 * `npm run deploy:smoke`: proves the stack end to end on this Docker engine (deploy/README.md, "Smoke test").
 * Not part of `npm test` (about 40 minutes on the 2-core machine); CI runs it only when asked.
 *
 * 1. Without an answering Docker engine it says so and stops (exit 0: nothing to prove here).
 * 2. Images: the official bases when they are here or can be pulled, else the local bases
 *    (docker/local-bases/build.sh, run when they are missing); then each slice's image, one `build` each, timed.
 * 3. The stack under its own project name (medstore-smoke) and public ports (18080, 13000–13003), with secrets
 *    made for the run; waits until every container is healthy.
 * 4. The steps: health, product list, sign-up, cart, cash order, the order read back, the shell's `/` (and no
 *    source map) and `/remotes.json`/`/config.json` naming the run's ports, the order service restarted and
 *    answering again, the order still there after `down`/`up` with the volumes kept.
 * 5. A table: each image's size and build time, each step's result and time (also .data/deploy-smoke/last-run.md);
 *    then its containers and volumes are removed, whatever happened.
 *
 * Settings: BUILD_NETWORK (host on a daemon without NAT for containers), DEPLOY_SMOKE_PROJECT, the public port
 * settings of docker-compose.yml (GATEWAY_PUBLIC_PORT …), DEPLOY_SMOKE_KEEP=1 to leave the stack running.
 */
import { spawnSync } from 'node:child_process'
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SLICES } from '../deploy/k8s/slices'
import {
  composeCommand,
  containerHealth,
  engineAnswers,
  imageBytesOf,
  imageExists,
  quick,
  run,
} from './deploy-smoke/engine'
import {
  formatSeconds,
  type ImageRow,
  imageTable,
  type StepRow,
  stepTable,
  summary,
} from './deploy-smoke/report'
import * as shop from './deploy-smoke/shop-steps'
import { probePort } from './infra/util'
import { THROWAWAY_SELLER, throwawayPrescriptionKeys } from './lib/throwaway-production-settings'
import { LOCAL_IMAGES, writeLocalCompose } from './local-compose'

const repoRoot = path.resolve(import.meta.dirname, '..')
const workDir = path.join(repoRoot, '.data', 'deploy-smoke')
const logFile = path.join(workDir, 'run.log')
const project = process.env.DEPLOY_SMOKE_PROJECT ?? 'medstore-smoke'
const HEALTH_TIMEOUT_MS = Number(process.env.DEPLOY_SMOKE_HEALTH_TIMEOUT_MS ?? 30 * 60_000)

const OFFICIAL_BASES = [
  'node:24.21-bookworm-slim',
  'nginxinc/nginx-unprivileged:1.27-bookworm',
  'postgres:15-alpine',
  'rabbitmq:3.13-management-alpine',
]

const PUBLIC_PORTS = {
  GATEWAY_PUBLIC_PORT: 18080,
  SHELL_PUBLIC_PORT: 13000,
  MFE_STORE_PUBLIC_PORT: 13001,
  MFE_CHECKOUT_PUBLIC_PORT: 13002,
  MFE_VENDOR_PUBLIC_PORT: 13003,
} as const
type PortSetting = keyof typeof PUBLIC_PORTS
const port = (name: PortSetting) => Number(process.env[name] ?? PUBLIC_PORTS[name])

const PLANNED_STEPS = [
  'images built',
  'stack healthy',
  'gateway /health',
  'product list',
  'sign-up',
  'cart',
  'cash order',
  'order read back',
  "shell's /",
  'shell /remotes.json, /config.json',
  'order service restarted, answers again',
  'order survives down/up',
]

const say = (message: string) => console.log(`[deploy:smoke] ${message}`)

/** Secrets and settings made for this run alone. */
function runEnvironment(): NodeJS.ProcessEnv {
  const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString()
  const hex = (bytes: number) => randomBytes(bytes).toString('hex')
  return {
    ...process.env,
    ...Object.fromEntries(Object.keys(PUBLIC_PORTS).map((name) => [name, String(port(name as PortSetting))])),
    JWT_PRIVATE_KEY: privateKey,
    ADMIN_EMAIL: 'admin@smoke.medstore.test',
    ADMIN_PASSWORD: `Smoke-${hex(12)}-A9`,
    PAYMENT_WEBHOOK_SECRET: hex(32),
    // The smoke stack is a throw-away demo: the sandbox provider, which production otherwise refuses.
    ALLOW_SANDBOX_PAYMENTS: 'true',
    ...THROWAWAY_SELLER,
    PRESCRIPTION_KEYS: throwawayPrescriptionKeys(),
    INTERNAL_TOKEN: hex(24),
    POSTGRES_PASSWORD: hex(16),
    RABBITMQ_PASSWORD: hex(16),
  }
}

const steps: StepRow[] = []
/** Rewrites the report after each image and step: a run stopped half-way still leaves its table. */
let progress: () => void = () => {}

async function step(name: string, work: () => Promise<string>): Promise<void> {
  const begin = Date.now()
  say(`${name} …`)
  try {
    const detail = await work()
    steps.push({ name, ok: true, ms: Date.now() - begin, detail })
    progress()
    say(`${name}: passed in ${formatSeconds(Date.now() - begin)} (${detail})`)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    steps.push({ name, ok: false, ms: Date.now() - begin, detail })
    progress()
    throw new Error(`${name}: ${detail}`)
  }
}

/** Local bases when the official ones are neither here nor pullable (no registry answers). */
async function chooseBases(env: NodeJS.ProcessEnv): Promise<'official' | 'local'> {
  if (OFFICIAL_BASES.every(imageExists)) return 'official'
  const pulled = await run('docker', ['pull', OFFICIAL_BASES[0] ?? ''], { env, logFile, cwd: repoRoot })
  if (pulled.code === 0) return 'official'
  say(`no image registry answers (${pulled.output.trim().split('\n').pop()}); building on the local bases`)
  if (Object.values(LOCAL_IMAGES).every(imageExists)) return 'local'
  say('making the local bases: docker/local-bases/build.sh (debootstrap: needs root)')
  const bases = await run('bash', [path.join(repoRoot, 'docker', 'local-bases', 'build.sh')], {
    env,
    logFile,
    cwd: repoRoot,
  })
  if (bases.code !== 0)
    throw new Error(`docker/local-bases/build.sh failed (exit ${bases.code}); see ${logFile}`)
  return 'local'
}

async function main(): Promise<number> {
  if (!engineAnswers()) {
    say('skipped: no Docker engine answers (`docker info` failed); start one and run again')
    return 0
  }
  const compose = composeCommand()
  if (!compose) throw new Error('neither `docker compose` nor `docker-compose` is installed')
  rmSync(workDir, { recursive: true, force: true })
  mkdirSync(workDir, { recursive: true })
  writeFileSync(logFile, '')
  for (const name of Object.keys(PUBLIC_PORTS) as PortSetting[]) {
    if (await probePort('127.0.0.1', port(name), 300))
      throw new Error(`port ${port(name)} is taken; set ${name} (and the other *_PUBLIC_PORT) to free ones`)
  }
  const env = runEnvironment()
  const bases = await chooseBases(env)
  if (bases === 'official' && compose[0] === 'docker-compose')
    throw new Error(
      'docker-compose 1.x cannot read docker-compose.yml (secrets from the environment); install the Compose v2 plugin',
    )
  const file =
    bases === 'local'
      ? writeLocalCompose({
          env,
          out: path.join(workDir, 'compose.yml'),
          secretsDir: path.join(workDir, 'secrets'),
        })
      : path.join(repoRoot, 'docker-compose.yml')
  const composeArgs = [...compose.slice(1), '-p', project, '--project-directory', repoRoot, '-f', file]
  const composeRun = (...args: string[]) =>
    run(compose[0] ?? 'docker', [...composeArgs, ...args], { env, logFile, cwd: repoRoot })
  say(
    `engine ${quick('docker', ['info', '--format', '{{.ServerVersion}}'])}, ${compose.join(' ')}, ${bases} bases, project ${project}, build network ${env.BUILD_NETWORK ?? 'default'}; log: ${path.relative(repoRoot, logFile)}`,
  )

  const images: ImageRow[] = SLICES.map((slice) => ({ slice: slice.name }))
  const writeReport = (): string => {
    const report = [
      `deploy:smoke, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, project ${project}, ${bases} bases`,
      '',
      imageTable(images),
      '',
      stepTable(steps),
      '',
      summary(steps, PLANNED_STEPS),
    ].join('\n')
    writeFileSync(path.join(workDir, 'last-run.md'), `${report}\n`)
    return report
  }
  progress = writeReport
  const keep = process.env.DEPLOY_SMOKE_KEEP === '1'
  // Ctrl-C (or a CI timeout) still prints the table and removes the stack.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      say(`${signal}: stopping`)
      console.log(`\n${writeReport()}\n`)
      if (!keep)
        spawnSync(compose[0] ?? 'docker', [...composeArgs, 'down', '-v', '--remove-orphans'], { env })
      rmSync(path.join(workDir, 'secrets'), { recursive: true, force: true })
      process.exit(130)
    })
  }
  const urls: shop.StackUrls = {
    api: `http://localhost:${port('GATEWAY_PUBLIC_PORT')}`,
    shell: `http://localhost:${port('SHELL_PUBLIC_PORT')}`,
    remotePorts: [
      port('MFE_STORE_PUBLIC_PORT'),
      port('MFE_CHECKOUT_PUBLIC_PORT'),
      port('MFE_VENDOR_PUBLIC_PORT'),
    ],
  }
  const waitHealthy = async (): Promise<string> => {
    const deadline = Date.now() + HEALTH_TIMEOUT_MS
    let lastReport = 0
    for (;;) {
      const containers = containerHealth(project)
      const waiting = containers.filter((container) => container.health !== 'healthy')
      if (containers.length > 0 && waiting.length === 0) return `${containers.length} containers healthy`
      if (Date.now() > deadline)
        throw new Error(
          `not healthy after ${formatSeconds(HEALTH_TIMEOUT_MS)}: ${waiting.map((c) => `${c.service} ${c.health}`).join(', ')}`,
        )
      if (Date.now() - lastReport > 60_000) {
        say(`waiting for ${waiting.map((c) => `${c.service} (${c.health})`).join(', ') || 'containers'}`)
        lastReport = Date.now()
      }
      await new Promise((resolve) => setTimeout(resolve, 3_000))
    }
  }

  try {
    await step('images built', async () => {
      for (const image of images) {
        const begin = Date.now()
        const built = await composeRun('build', image.slice)
        if (built.code !== 0)
          throw new Error(
            `${image.slice}: build failed: ${built.output.trim().split('\n').slice(-3).join(' / ')}`,
          )
        image.buildMs = Date.now() - begin
        say(`  ${image.slice} built in ${formatSeconds(image.buildMs)}`)
        progress()
      }
      return `${images.length} images`
    })
    await step('stack healthy', async () => {
      const up = await composeRun('up', '-d')
      if (up.code !== 0) throw new Error(`up failed: ${up.output.trim().split('\n').slice(-3).join(' / ')}`)
      return waitHealthy()
    })
    for (const container of containerHealth(project)) {
      const image = images.find((row) => row.slice === container.service)
      if (image) image.bytes = imageBytesOf(container.id)
    }
    await step('gateway /health', () => shop.gatewayHealthy(urls))
    const product = await stepValue(
      'product list',
      () => shop.orderableProduct(urls),
      (p) => `${p.name}, ₹${p.price}`,
    )
    let customer = await stepValue(
      'sign-up',
      () => shop.signUp(urls),
      (c) => c.email,
    )
    await step('cart', () => shop.addToCart(urls, customer, product.id))
    const order = await stepValue(
      'cash order',
      () => shop.placeCashOrder(urls, customer, product),
      (o) => o.detail,
    )
    await step('order read back', () => shop.readOrder(urls, customer, order.id, 30_000))
    await step("shell's /", () => shop.shellPage(urls))
    await step('shell /remotes.json, /config.json', () => shop.runtimeDocuments(urls))
    await step('order service restarted, answers again', async () => {
      const restarted = await composeRun('restart', 'order')
      if (restarted.code !== 0) throw new Error(`restart failed: ${restarted.output.trim()}`)
      const begin = Date.now()
      const detail = await shop.readOrder(urls, customer, order.id, 10 * 60_000)
      return `${detail}; answered ${formatSeconds(Date.now() - begin)} after the restart`
    })
    await step('order survives down/up', async () => {
      const down = await composeRun('down')
      if (down.code !== 0) throw new Error(`down failed: ${down.output.trim()}`)
      const up = await composeRun('up', '-d')
      if (up.code !== 0) throw new Error(`up failed: ${up.output.trim()}`)
      await waitHealthy()
      customer = await shop.signIn(urls, customer)
      return shop.readOrder(urls, customer, order.id, 120_000)
    })
  } catch (error) {
    say(`stopped: ${error instanceof Error ? error.message : String(error)}`)
    const logs = await composeRun('logs', '--tail', '40')
    say(
      `the containers' last log lines are in ${path.relative(repoRoot, logFile)} (${logs.output.length} characters)`,
    )
  } finally {
    console.log(`\n${writeReport()}\n`)
    if (keep)
      say(
        `left running (DEPLOY_SMOKE_KEEP=1): ${compose.join(' ')} ${composeArgs.slice(compose.length - 1).join(' ')} down -v`,
      )
    else {
      const removed = await composeRun('down', '-v', '--remove-orphans')
      say(
        removed.code === 0
          ? 'containers and volumes removed'
          : `could not remove everything: ${removed.output.trim()}`,
      )
    }
    rmSync(path.join(workDir, 'secrets'), { recursive: true, force: true })
  }
  return steps.length === PLANNED_STEPS.length && steps.every((s) => s.ok) ? 0 : 1
}

/** A step whose work yields a value used by the later steps. */
async function stepValue<T>(
  name: string,
  work: () => Promise<T>,
  describe: (value: T) => string,
): Promise<T> {
  let value: T | undefined
  await step(name, async () => {
    value = await work()
    return describe(value)
  })
  return value as T
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[deploy:smoke] ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
