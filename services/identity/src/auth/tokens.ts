import jwt from 'jsonwebtoken'
import type { IdentityConfig } from '../config'
import { type Account, tokenClaims } from '../domain/users'
import { SIGNING_ALGORITHM, type SigningKey } from './signing-key'

/** Signs an access token with the service's private key; every service verifies it through the JWKS. */
export function tokenSigner(config: IdentityConfig, key: SigningKey) {
  return (account: Account): string => {
    const { sub, ...claims } = tokenClaims(account)
    return jwt.sign(claims, key.privateKey, {
      algorithm: SIGNING_ALGORITHM,
      keyid: key.kid,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      subject: sub,
      expiresIn: config.JWT_TTL as jwt.SignOptions['expiresIn'],
    })
  }
}
export type TokenSigner = ReturnType<typeof tokenSigner>
