import type { Access } from '@medstore/contracts/api'
import type { AuthUser, TokenVerifier } from './verifier'
import { SigningKeysUnavailableError } from './verifier'

export type { Access }

export const SIGN_IN_REQUIRED = 'Please sign in to continue'
export const SESSION_INVALID = 'Your session has expired or is not valid. Please sign in again.'
export const ADMINS_ONLY = 'Only administrators can do this'
export const SIGN_IN_UNAVAILABLE =
  'The identity service is unavailable right now, so your sign-in cannot be checked. Please try again shortly.'

export type AccessRefusal = { status: 401 | 403 | 503; message: string }
export type AccessDecision = { user: AuthUser | undefined; refusal?: undefined } | { refusal: AccessRefusal }

// The documented client sends "bearer <token>"; any casing of the scheme is accepted.
const BEARER = /^bearer\s+(\S+)\s*$/i

/**
 * The one access rule, free of any HTTP framework: used by the services' express middleware and the
 * gateway's plain-node path alike. A public route never refuses (a broken token makes a guest).
 */
export async function decideAccess(
  verify: TokenVerifier,
  access: Access,
  authorization: string | undefined,
): Promise<AccessDecision> {
  const outcome = await authenticate(verify, authorization)
  if (access === 'public') return { user: 'user' in outcome ? outcome.user : undefined }
  if ('refusal' in outcome) return outcome
  if (!outcome.user) return { refusal: { status: 401, message: SIGN_IN_REQUIRED } }
  if (access === 'admin' && !outcome.user.isAdmin) return { refusal: { status: 403, message: ADMINS_ONLY } }
  return outcome
}

async function authenticate(
  verify: TokenVerifier,
  header: string | undefined,
): Promise<{ user: AuthUser | undefined } | { refusal: AccessRefusal }> {
  if (!header) return { user: undefined }
  const token = BEARER.exec(header)?.[1]
  if (!token) return { refusal: { status: 401, message: SESSION_INVALID } }
  try {
    return { user: await verify(token) }
  } catch (err) {
    // Signing people out because we cannot reach our own keys would be wrong: say it is temporary.
    if (err instanceof SigningKeysUnavailableError)
      return { refusal: { status: 503, message: SIGN_IN_UNAVAILABLE } }
    return { refusal: { status: 401, message: SESSION_INVALID } }
  }
}
