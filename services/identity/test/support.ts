import { randomBytes } from 'node:crypto'
import type { RegisterRequest } from '@medstore/contracts/identity'
import { startTestService, type TestService } from '@medstore/service-kit/testing'
import type { IdentityConfig } from '../src/config'
import type { Db } from '../src/data/db'
import { identityService } from '../src/service'

export type Identity = TestService<Db, IdentityConfig>

export const ADMIN = { email: 'pharmacist@medstore.test', password: 'admin-password-1' }

/** The identity service on a random port with a throw-away database and, unless overridden, an administrator. */
export const startIdentity = (env: Record<string, string> = {}): Promise<Identity> =>
  startTestService(identityService, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env })

/**
 * A valid sign-up body with unique email and user name. Overrides may be anything (invalid values, extra
 * fields); the result is typed as the valid body so tests can read its fields back.
 */
export function newCustomer(overrides: Record<string, unknown> = {}) {
  const tag = randomBytes(3).toString('hex')
  const valid = {
    firstName: 'Asha',
    lastName: 'Rao',
    userName: `asha_${tag}`,
    email: `asha.${tag}@example.in`,
    phone: '+91 98765 43210',
    password: 'correct horse battery',
    cmPassword: 'correct horse battery',
  } satisfies RegisterRequest
  return { ...valid, ...overrides } as typeof valid
}

export function client(service: { url: string }) {
  const call = (
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${service.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
  return {
    call,
    signUp: (body: unknown, path = '/auth/sineUp') => call('POST', path, body),
    login: (email: string, password: string) => call('POST', '/auth/login', { email, password }),
    users: (token?: string, query = '', headers: Record<string, string> = {}) =>
      call('GET', `/user${query}`, undefined, token, headers),
  }
}

/** Signs up a fresh customer and returns the response body. */
export async function registered(service: { url: string }, overrides: Record<string, string> = {}) {
  const body = newCustomer(overrides)
  const res = await client(service).signUp(body)
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`)
  return {
    body,
    ...((await res.json()) as { token: string; userInfo: { id: string; name: string; isAdmin: boolean } }),
  }
}
