// @vitest-environment happy-dom

/**
 * The page client's session against the real gateway and identity service (in-process, own database):
 * an expired access token is renewed with the refresh token before the call, calls at the same time
 * share one renewal, a refused token is renewed and the call sent again, a session that cannot be renewed
 * signs the user out once (no loop), and signing out revokes the refresh token on the server.
 */

import { generateKeyPairSync } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { identityApi } from '@medstore/contracts/endpoints'
import type { AuthResponse } from '@medstore/contracts/identity'
import { createLogger, loadConfig } from '@medstore/service-kit'
import { startTestService, type TestService } from '@medstore/service-kit/testing'
import { fetch as nodeFetch } from 'undici'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createGateway } from '../../../gateway/src/app.ts'
import { gatewayEnv } from '../../../gateway/src/config.ts'
import { identityService } from '../../../services/identity/src/service.ts'
import {
  accessTokenExpired,
  api,
  apiMessages,
  configureRuntime,
  PROFILE_STORAGE_KEY,
  setNavigator,
  signIn,
  signOut,
  tokenExpiry,
  useNotificationStore,
  useProfileStore,
} from '../src/index.ts'

/** Long enough to outlast a loaded machine's sign-up, short enough to pass the renewal margin quickly. */
const TTL_SECONDS = 12
const PASSWORD = 'correct horse battery'

let identity: TestService<unknown, unknown>
let gateway: Server
let gatewayUrl: string
const navigations: string[] = []

beforeAll(async () => {
  // The page and the servers share this process: happy-dom's fetch would hold the gateway's own fetch of
  // the signing keys to the page's CORS rules, so everyone uses Node's (undici, as Node itself does).
  vi.stubGlobal('fetch', nodeFetch)
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  identity = (await startTestService(identityService, {
    JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    JWT_TTL: `${TTL_SECONDS}s`,
    ADMIN_EMAIL: 'pharmacist@medstore.test',
    ADMIN_PASSWORD: 'admin-password-1',
  })) as unknown as TestService<unknown, unknown>
  const config = loadConfig(gatewayEnv, {
    NODE_ENV: 'test',
    GATEWAY_PORT: '0',
    IDENTITY_URL: identity.url,
    JWKS_URL: `${identity.url}/.well-known/jwks.json`,
    CORS_ORIGINS: window.location.origin,
    UPSTREAM_TIMEOUT_MS: '10000',
  })
  gateway = createGateway(config, createLogger('gateway', 'silent')).listen(0, '127.0.0.1')
  await new Promise((resolve) => gateway.once('listening', resolve))
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`
  configureRuntime({ apiUrl: gatewayUrl })
  setNavigator((to) => navigations.push(to))
})

afterAll(async () => {
  vi.unstubAllGlobals()
  setNavigator(undefined)
  if (gateway) {
    gateway.closeAllConnections()
    await new Promise((resolve) => gateway.close(resolve))
  }
  await identity?.close()
})

let fetches: { mock: { calls: unknown[][] }; mockClear(): void; mockRestore(): void }
/** How many renewals reached the network since the test began. */
const refreshCalls = (): number => sentTo('/auth/refresh').length
/** The page's requests to the gateway for this path (the gateway's own to identity are not counted). */
const sentTo = (path: string) =>
  fetches.mock.calls.filter(([input]) => String(input) === `${gatewayUrl}${path}`)

beforeEach(() => {
  navigations.length = 0
  useNotificationStore.setState({ toasts: [] })
  window.history.replaceState(null, '', '/my-orders?page=2')
  // Watches the client's requests; every one still goes to the real gateway.
  fetches = vi.spyOn(globalThis, 'fetch')
})

afterEach(async () => {
  fetches.mockRestore()
  await signOut()
})

/** A new customer, signed in on this page through the client (as the sign-up screen does). */
async function signedUpCustomer(): Promise<AuthResponse> {
  const tag = Math.random().toString(36).slice(2, 8)
  const auth = await api.call(identityApi.signUp, {
    body: {
      firstName: 'Asha',
      lastName: 'Rao',
      userName: `asha_${tag}`,
      email: `asha.${tag}@example.in`,
      phone: '9876543210',
      password: PASSWORD,
      cmPassword: PASSWORD,
    },
  })
  signIn(auth)
  return auth
}

/** Waits until the page's access token counts as expired (the client renews it before sending). */
async function untilStale(token: string) {
  const exp = tokenExpiry(token)
  if (exp === undefined) throw new Error('the access token has no exp')
  while (!accessTokenExpired(token)) await new Promise((resolve) => setTimeout(resolve, 100))
}

/** The same token with a far-off expiry and so a broken signature: what a rotated key's old token looks like. */
function refusedButUnexpired(token: string): string {
  const [header, , signature] = token.split('.')
  const payload = btoa(JSON.stringify({ sub: 'x', exp: 4_000_000_000 })).replace(/=+$/, '')
  return `${header}.${payload}.${signature}`
}

const raw = (path: string, body: unknown, token?: string) =>
  fetch(`${gatewayUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })

describe('the session behind the page client', () => {
  it('stores the refresh token with the session', async () => {
    const auth = await signedUpCustomer()
    expect(auth.refreshToken).toBeTruthy()
    expect(JSON.parse(localStorage.getItem(PROFILE_STORAGE_KEY) ?? '{}')).toMatchObject({
      token: auth.token,
      refreshToken: auth.refreshToken,
    })
  })

  it('renews an expired access token before the call, once for three calls at the same time', async () => {
    const auth = await signedUpCustomer()
    await untilStale(auth.token)
    fetches.mockClear()

    const answers = await Promise.all([1, 2, 3].map(() => api.call(identityApi.me)))
    expect(answers.map((me) => me.email)).toEqual([1, 2, 3].map(() => auth.userInfo.email))
    expect(refreshCalls()).toBe(1)
    const renewed = useProfileStore.getState().profile
    expect(renewed?.token).not.toBe(auth.token)
    expect(renewed?.refreshToken).not.toBe(auth.refreshToken)
    // The renewed session is stored for the next visit, and the old refresh token is used up.
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toContain(renewed?.refreshToken)
    expect((await raw('/auth/refresh', { refreshToken: auth.refreshToken })).status).toBe(401)
    expect(navigations).toEqual([])
    expect(useNotificationStore.getState().toasts).toEqual([])
  })

  it('renews a token the server refuses though it looks valid, and sends the call again', async () => {
    const auth = await signedUpCustomer()
    signIn({ ...auth, token: refusedButUnexpired(auth.token) })
    fetches.mockClear()

    await expect(api.call(identityApi.me)).resolves.toMatchObject({ email: auth.userInfo.email })
    expect(refreshCalls()).toBe(1)
    expect(sentTo('/auth/me')).toHaveLength(2)
    expect(useProfileStore.getState().profile?.token).not.toContain('4000000000')
    expect(navigations).toEqual([])
  })

  it('signs the user out once when the session cannot be renewed, without a loop', async () => {
    const auth = await signedUpCustomer()
    // Signed out everywhere from another device: this one's refresh token no longer works.
    expect((await raw('/auth/logout-all', {}, auth.token)).status).toBe(204)
    await untilStale(auth.token)
    fetches.mockClear()

    const outcomes = await Promise.allSettled([1, 2, 3].map(() => api.call(identityApi.me)))
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected'])
    for (const outcome of outcomes)
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({
        status: 401,
        message: apiMessages.sessionEnded,
      })
    expect(refreshCalls()).toBe(1)
    expect(useProfileStore.getState().profile).toBeNull()
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull()
    expect(navigations).toEqual([`/login?from=${encodeURIComponent('/my-orders?page=2')}`])
    expect(useNotificationStore.getState().toasts).toMatchObject([
      { type: 'error', message: apiMessages.sessionEnded },
    ])

    // Signed out, a call goes as a guest: no renewal, no second trip to /login.
    await expect(api.call(identityApi.me, { quiet: true })).rejects.toMatchObject({ status: 401 })
    expect(refreshCalls()).toBe(1)
    expect(navigations).toHaveLength(1)
  })

  it('keeps the user signed in when the renewal cannot reach the server', async () => {
    const auth = await signedUpCustomer()
    await untilStale(auth.token)
    configureRuntime({ apiUrl: 'http://127.0.0.1:9' })
    try {
      await expect(api.call(identityApi.me, { quiet: true })).rejects.toMatchObject({ status: 0 })
    } finally {
      configureRuntime({ apiUrl: gatewayUrl })
    }
    expect(useProfileStore.getState().profile?.refreshToken).toBe(auth.refreshToken)
    expect(navigations).toEqual([])
    // Back on line, the same session renews.
    await expect(api.call(identityApi.me)).resolves.toMatchObject({ email: auth.userInfo.email })
  })

  it('signing out revokes the refresh token on the server, and forgets the user even when that fails', async () => {
    const auth = await signedUpCustomer()
    await signOut()
    expect(useProfileStore.getState().profile).toBeNull()
    expect((await raw('/auth/refresh', { refreshToken: auth.refreshToken })).status).toBe(401)

    const other = await signedUpCustomer()
    configureRuntime({ apiUrl: 'http://127.0.0.1:9' })
    try {
      await signOut()
    } finally {
      configureRuntime({ apiUrl: gatewayUrl })
    }
    expect(useProfileStore.getState().profile).toBeNull()
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull()
    // The server was not told: that device's session lives on until it expires or is signed out.
    expect((await raw('/auth/refresh', { refreshToken: other.refreshToken })).status).toBe(200)
  })
})
