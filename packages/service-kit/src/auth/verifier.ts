import type { KeyObject } from 'node:crypto'
import jwt from 'jsonwebtoken'

/** Who is calling, as the identity service vouched for it. */
export type AuthUser = { id: string; userName: string; name: string; isAdmin: boolean }

export type KeyResolver = (kid: string | undefined) => Promise<KeyObject | undefined>

export type VerifierOptions = { keys: KeyResolver; issuer: string; audience: string }

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError'
}

/** The identity service's keys could not be fetched: our trouble, not the caller's token. */
export class SigningKeysUnavailableError extends Error {
  override name = 'SigningKeysUnavailableError'
}

// Asymmetric algorithms only: `none` and HMAC (which would let a public key act as a secret) are refused.
const ALGORITHMS: jwt.Algorithm[] = ['RS256', 'EdDSA' as jwt.Algorithm]

/** How many verified tokens a process remembers, and for at most how long. */
const VERIFIED_TOKENS_MAX = 10_000
const VERIFIED_TOKEN_TTL_MS = 60_000

/**
 * Verifies an access token's signature, issuer, audience and expiry and returns its user. A token that
 * verified is remembered until it expires, for at most a minute: every request of a session carries the
 * same token, and the RSA check was the gateway's largest cost per order (bench/PROFILE.md). The whole
 * token is the key, so a changed byte is verified afresh; a withdrawn signing key stops working within the
 * minute.
 */
export function createTokenVerifier({ keys, issuer, audience }: VerifierOptions) {
  const verified = new Map<string, { user: AuthUser; until: number }>()
  return async function verify(token: string): Promise<AuthUser> {
    const now = Date.now()
    const known = verified.get(token)
    if (known && known.until > now) return known.user
    if (known) verified.delete(token)
    const { user, expiresAt } = await verifyAfresh(token)
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value as string)
    verified.set(token, { user, until: Math.min(expiresAt, now + VERIFIED_TOKEN_TTL_MS) })
    return user
  }

  async function verifyAfresh(token: string): Promise<{ user: AuthUser; expiresAt: number }> {
    const decoded = jwt.decode(token, { complete: true })
    if (!decoded || typeof decoded.payload === 'string') throw new InvalidTokenError('malformed token')
    if (!ALGORITHMS.includes(decoded.header.alg as jwt.Algorithm))
      throw new InvalidTokenError('algorithm not allowed')
    let key: KeyObject | undefined
    try {
      key = await keys(decoded.header.kid)
    } catch (err) {
      throw new SigningKeysUnavailableError((err as Error).message)
    }
    if (!key) throw new InvalidTokenError('unknown signing key')
    try {
      const claims = jwt.verify(token, key, { algorithms: ALGORITHMS, issuer, audience }) as jwt.JwtPayload
      if (typeof claims.sub !== 'string') throw new InvalidTokenError('token has no subject')
      return {
        user: {
          id: claims.sub,
          userName: String(claims.userName ?? ''),
          name: String(claims.name ?? ''),
          isAdmin: claims.isAdmin === true,
        },
        // A token without an expiry is remembered for the minute only.
        expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : Number.POSITIVE_INFINITY,
      }
    } catch (err) {
      if (err instanceof InvalidTokenError) throw err
      throw new InvalidTokenError((err as Error).message)
    }
  }
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>
