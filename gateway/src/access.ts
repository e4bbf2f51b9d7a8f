import type { ServerResponse } from 'node:http'
import type { Access } from '@medstore/contracts'
import { createTokenVerifier, JwksKeyStore, SESSION_INVALID } from '@medstore/service-kit'
import { sendError } from './respond'

const BEARER = /^bearer\s+(\S+)\s*$/i

export type AccessDecision = { status: 401 | 403 | 503; message: string } | undefined

const KEYS_UNAVAILABLE =
  'The identity service is unavailable right now, so your sign-in cannot be checked. Please try again shortly.'

/**
 * The identity service's public keys, as the kit's JwksKeyStore fetches them (it also makes a call wait for
 * a fetch already under way), plus one thing the gateway needs: it remembers that fetching failed, so that
 * until keys arrive a token is "cannot be checked" (503) rather than "invalid" (401, which signs the person
 * out), also during the store's cool-down after the failed fetch.
 */
function identityKeys(jwksUrl: string) {
  const store = new JwksKeyStore(jwksUrl)
  let failing = false
  return {
    get failing() {
      return failing
    },
    async key(kid: string | undefined) {
      try {
        const found = await store.key(kid)
        if (found) failing = false
        return found
      } catch (err) {
        failing = true
        throw err
      }
    },
  }
}

/**
 * The gateway's check of a route's `access` before proxying: a second line of defence (every service checks
 * again) that also keeps unauthenticated traffic off the services. Tokens are verified with the identity
 * service's public keys: signature, issuer, audience and expiry, RS256/EdDSA only.
 */
export function accessGuard(options: { jwksUrl: string; issuer: string; audience: string }) {
  const keys = identityKeys(options.jwksUrl)
  const verify = createTokenVerifier({ issuer: options.issuer, audience: options.audience, keys: keys.key })

  return async function decide(access: Access, authorization: string | undefined): Promise<AccessDecision> {
    if (access === 'public') return undefined
    if (!authorization) return { status: 401, message: 'Please sign in to continue' }
    const token = BEARER.exec(authorization)?.[1]
    if (!token) return { status: 401, message: SESSION_INVALID }
    try {
      const user = await verify(token)
      if (access === 'admin' && !user.isAdmin)
        return { status: 403, message: 'Only administrators can do this' }
      return undefined
    } catch {
      return keys.failing
        ? { status: 503, message: KEYS_UNAVAILABLE }
        : { status: 401, message: SESSION_INVALID }
    }
  }
}
export type AccessGuard = ReturnType<typeof accessGuard>

export function refuse(res: ServerResponse, decision: NonNullable<AccessDecision>): void {
  sendError(res, decision.status, decision.message)
}
