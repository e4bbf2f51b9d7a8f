import type { RequestHandler } from 'express'
import { forbidden, HttpError, unauthorized } from '../http/errors'
import { type AuthUser, SigningKeysUnavailableError, type TokenVerifier } from './verifier'

declare global {
  namespace Express {
    interface Request {
      user?: AuthUser
      /** The unparsed JSON body (set by the kit's JSON parser). */
      rawBody?: Buffer
    }
  }
}

// The documented client sends "bearer <token>"; any casing of the scheme is accepted.
const BEARER = /^bearer\s+(\S+)\s*$/i

export const SESSION_INVALID = 'Your session has expired or is not valid. Please sign in again.'

async function authenticate(
  verify: TokenVerifier,
  header: string | undefined,
): Promise<AuthUser | undefined> {
  if (!header) return undefined
  const match = BEARER.exec(header)
  if (!match?.[1]) throw new HttpError(401, SESSION_INVALID)
  try {
    return await verify(match[1])
  } catch (err) {
    // Signing people out because we cannot reach our own keys would be wrong: say it is temporary.
    if (err instanceof SigningKeysUnavailableError) throw new HttpError(503, SIGN_IN_UNAVAILABLE)
    throw new HttpError(401, SESSION_INVALID)
  }
}

export const SIGN_IN_UNAVAILABLE = 'Signing in is unavailable right now. Please try again shortly.'

/** requireUser: 401 unless a valid token is sent. requireAdmin: also 403 unless isAdmin. optionalUser: sets req.user when a valid token is sent, else treats the caller as a guest. */
export function authMiddleware(verify: TokenVerifier) {
  // A public route stays public: a stale or broken token just means the caller browses as a guest.
  const optionalUser: RequestHandler = async (req, _res, next) => {
    req.user = await authenticate(verify, req.get('authorization')).catch(() => undefined)
    next()
  }
  const requireUser: RequestHandler = async (req, _res, next) => {
    req.user = await authenticate(verify, req.get('authorization'))
    if (!req.user) throw unauthorized()
    next()
  }
  const requireAdmin: RequestHandler = async (req, _res, next) => {
    req.user = await authenticate(verify, req.get('authorization'))
    if (!req.user) throw unauthorized()
    if (!req.user.isAdmin) throw forbidden('Only administrators can do this')
    next()
  }
  return { optionalUser, requireUser, requireAdmin }
}

export type AuthMiddleware = ReturnType<typeof authMiddleware>
