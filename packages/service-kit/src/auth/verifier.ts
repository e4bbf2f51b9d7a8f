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

/** Verifies an access token's signature, issuer, audience and expiry and returns its user. */
export function createTokenVerifier({ keys, issuer, audience }: VerifierOptions) {
  return async function verify(token: string): Promise<AuthUser> {
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
        id: claims.sub,
        userName: String(claims.userName ?? ''),
        name: String(claims.name ?? ''),
        isAdmin: claims.isAdmin === true,
      }
    } catch (err) {
      if (err instanceof InvalidTokenError) throw err
      throw new InvalidTokenError((err as Error).message)
    }
  }
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>
