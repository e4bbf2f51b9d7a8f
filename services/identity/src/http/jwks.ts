import { Router } from 'express'
import type { SigningKey } from '../auth/signing-key'

/** The public key(s) every service and the gateway verify tokens with. Internal: the gateway does not route it. */
export function jwksRouter(key: SigningKey): Router {
  const router = Router()
  const body = { keys: [key.jwk] }
  router.get('/.well-known/jwks.json', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300')
    res.json(body)
  })
  return router
}
