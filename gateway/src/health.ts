import { Router } from 'express'
import type { Upstream } from './config'

const PROBE_TIMEOUT_MS = 1_000

async function probe(upstream: Upstream): Promise<string> {
  try {
    const res = await fetch(`${upstream.url}/health/ready`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
    return res.ok ? 'ready' : 'not ready'
  } catch {
    return 'unreachable'
  }
}

/** GET /health: 200 only when every service reports ready; the body says how each one is. */
export function gatewayHealth(services: Upstream[]): Router {
  const router = Router()
  router.get('/health/live', (_req, res) => {
    res.json({ status: 'live' })
  })
  router.get('/health', async (_req, res) => {
    const states = await Promise.all(services.map(async (s) => [s.name, await probe(s)] as const))
    const ok = states.every(([, state]) => state === 'ready')
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'degraded', services: Object.fromEntries(states) })
  })
  return router
}
