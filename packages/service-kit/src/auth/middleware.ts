import type { RequestHandler } from 'express'
import { HttpError } from '../http/errors'
import { type Access, decideAccess } from './access'
import type { AuthUser, TokenVerifier } from './verifier'

declare global {
  namespace Express {
    interface Request {
      user?: AuthUser
      /** The unparsed JSON body (set by the kit's JSON parser). */
      rawBody?: Buffer
    }
  }
}

/** requireUser: 401 unless a valid token is sent. requireAdmin: also 403 unless isAdmin. optionalUser: sets req.user when a valid token is sent, else treats the caller as a guest. */
export function authMiddleware(verify: TokenVerifier) {
  const guard =
    (access: Access): RequestHandler =>
    async (req, _res, next) => {
      const decision = await decideAccess(verify, access, req.get('authorization'))
      if (decision.refusal) throw new HttpError(decision.refusal.status, decision.refusal.message)
      req.user = decision.user
      next()
    }
  return {
    optionalUser: guard('public'),
    requireUser: guard('user'),
    requireAdmin: guard('admin'),
    /** The guard of a contract descriptor's access. */
    forAccess: guard,
  }
}

export type AuthMiddleware = ReturnType<typeof authMiddleware>
