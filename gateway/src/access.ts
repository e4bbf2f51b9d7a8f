import type { ServerResponse } from 'node:http'
import type { Access } from '@medstore/contracts'
import { type AccessRefusal, createTokenVerifier, decideAccess, JwksKeyStore } from '@medstore/service-kit'
import { sendError } from './respond'

/**
 * The gateway's check of a route's `access` before proxying: a second line of defence (every service checks
 * again with the same rule, the kit's decideAccess) that also keeps unauthenticated traffic off the services.
 * Resolves to the refusal, or undefined when the request may go on.
 */
export function accessGuard(options: { jwksUrl: string; issuer: string; audience: string }) {
  const keys = new JwksKeyStore(options.jwksUrl)
  const verify = createTokenVerifier({
    issuer: options.issuer,
    audience: options.audience,
    keys: (kid) => keys.key(kid),
  })
  return async (access: Access, authorization: string | undefined): Promise<AccessRefusal | undefined> =>
    (await decideAccess(verify, access, authorization)).refusal
}
export type AccessGuard = ReturnType<typeof accessGuard>

export function refuse(res: ServerResponse, refusal: AccessRefusal): void {
  sendError(res, refusal.status, refusal.message)
}
