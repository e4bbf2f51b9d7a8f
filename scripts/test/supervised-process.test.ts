/**
 * `npm start`'s supervisor (scripts/infra/supervised-process.ts) with a real slice: the gateway, started as
 * start.ts starts it (`node --import tsx gateway/src/main.ts`, its own process group), killed with SIGKILL,
 * answers again; and a slice that cannot start is given up on with a message, not restarted for ever.
 */
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { nodeWithTsx, SupervisedProcess, type SupervisorReport } from '../infra/supervised-process'
import { sleep } from '../infra/util'
import { freePort } from '../lib/run-built-slice'

const REPO = resolve(import.meta.dirname, '..', '..')
const supervised: SupervisedProcess[] = []

afterEach(async () => {
  for (const child of supervised.splice(0)) {
    child.stop()
    child.signal('SIGKILL')
    await child.exited()
  }
})

function recorder() {
  const events: string[] = []
  const lines: string[] = []
  const report: SupervisorReport = {
    onLine: (line) => lines.push(line),
    onRestart: (how, delayMs, restarts) => events.push(`restart ${restarts} after "${how}" in ${delayMs} ms`),
    onGiveUp: (how, failures) => events.push(`gave up after ${failures} × "${how}"`),
  }
  return { events, lines, report }
}

async function answersWithin(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(1_000) })
      .then((response) => response.ok)
      .catch(() => false)
    if (ok) return true
    await sleep(200)
  }
  return false
}

describe('npm start supervisor', () => {
  it('starts a slice killed with SIGKILL again, and it answers again', async () => {
    const port = await freePort()
    const { events, lines, report } = recorder()
    const gateway = new SupervisedProcess(
      {
        name: 'gateway',
        args: nodeWithTsx(join(REPO, 'gateway', 'src', 'main.ts')),
        cwd: join(REPO, 'gateway'),
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          GATEWAY_PORT: String(port),
        },
      },
      report,
    )
    supervised.push(gateway)
    gateway.start()
    const live = `http://127.0.0.1:${port}/health/live`
    expect(await answersWithin(live, 45_000), lines.join('\n')).toBe(true)
    const firstPid = gateway.pid

    gateway.signal('SIGKILL')
    await gateway.exited()
    expect(
      await fetch(live).then(
        () => 'answered',
        () => 'refused',
      ),
    ).toBe('refused')

    expect(await answersWithin(live, 45_000), lines.join('\n')).toBe(true)
    expect(gateway.pid).not.toBe(firstPid)
    expect(events).toEqual(['restart 1 after "was killed by SIGKILL" in 1000 ms'])
  }, 120_000)

  it('gives up, saying so, on a slice that keeps failing at start', async () => {
    const { events, lines, report } = recorder()
    const broken = new SupervisedProcess(
      {
        name: 'broken',
        args: ['-e', 'console.error("no DATABASE_URL"); process.exit(3)'],
        cwd: REPO,
        env: {},
      },
      report,
      { settledAfterMs: 30_000, maxStartFailures: 3, firstDelayMs: 10, maxDelayMs: 100 },
    )
    supervised.push(broken)
    broken.start()
    const deadline = Date.now() + 20_000
    while (!broken.gaveUp && Date.now() < deadline) await sleep(50)

    expect(events).toEqual([
      'restart 1 after "exited with code 3" in 10 ms',
      'restart 2 after "exited with code 3" in 20 ms',
      'gave up after 3 × "exited with code 3"',
    ])
    await sleep(300)
    expect(lines).toEqual(['no DATABASE_URL', 'no DATABASE_URL', 'no DATABASE_URL'])
    expect(broken.running).toBe(false)
    expect(broken.restarts).toBe(2)
  }, 30_000)

  it('does not restart a slice after stop()', async () => {
    const { events, report } = recorder()
    const child = new SupervisedProcess(
      { name: 'sleeper', args: ['-e', 'setInterval(() => {}, 1000)'], cwd: REPO, env: {} },
      report,
      { settledAfterMs: 30_000, maxStartFailures: 3, firstDelayMs: 10, maxDelayMs: 100 },
    )
    supervised.push(child)
    child.start()
    await sleep(300)
    child.stop()
    child.signal('SIGTERM')
    await child.exited()
    await sleep(200)
    expect(child.running).toBe(false)
    expect(events).toEqual([])
  })
})
