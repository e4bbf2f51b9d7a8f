import { Router } from 'express'

/** A named readiness probe: resolves when the dependency answers, throws when it does not. */
export type ReadinessCheck = { name: string; check: () => Promise<void> }

const CHECK_TIMEOUT_MS = 2_000

async function runCheck({ name, check }: ReadinessCheck): Promise<[string, string]> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS)
  })
  try {
    await Promise.race([check(), timeout])
    return [name, 'up']
  } catch (err) {
    return [name, `down: ${(err as Error).message}`]
  } finally {
    clearTimeout(timer)
  }
}

/** /health/live: the process answers. /health/ready: every dependency answers. */
export function healthRouter(checks: ReadinessCheck[], isShuttingDown: () => boolean): Router {
  const router = Router()
  router.get('/health/live', (_req, res) => {
    res.json({ status: 'live' })
  })
  router.get('/health/ready', async (_req, res) => {
    const results = Object.fromEntries(await Promise.all(checks.map(runCheck)))
    const ready = !isShuttingDown() && Object.values(results).every((state) => state === 'up')
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: results })
  })
  return router
}
