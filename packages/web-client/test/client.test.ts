// @vitest-environment happy-dom

import { json, startTestServer } from '@medstore/web-client/testing'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  api,
  apiMessages,
  configureRuntime,
  PROFILE_STORAGE_KEY,
  setNavigator,
  signIn,
  TOAST_DURATION_MS,
  useCartSummaryStore,
  useNotificationStore,
  useProfileStore,
} from '../src/index.ts'
import { route } from './test-routes.ts'

let server: Awaited<ReturnType<typeof startTestServer>>
const navigations: string[] = []

beforeAll(async () => {
  server = await startTestServer({
    'GET /order/user-order': (req, res) =>
      req.headers.authorization === 'bearer good'
        ? json(res, 200, { orders: [] })
        : json(res, 401, { message: 'Invalid or expired token' }),
    'POST /message': (_req, res) => json(res, 400, { message: 'Phone number is required' }),
  })
  configureRuntime({ apiUrl: `${server.url}/` })
  setNavigator((to) => navigations.push(to))
})

afterAll(() => server.close())

beforeEach(() => {
  navigations.length = 0
  useNotificationStore.setState({ toasts: [] })
  window.history.replaceState(null, '', '/my-orders?page=2')
})

const auth = (token: string) => ({
  token,
  userInfo: { id: 'u1', name: 'Asha Rao', email: 'asha@example.in', userName: 'asha', isAdmin: false },
})

describe('the page API client (api)', () => {
  it('uses the runtime config, the stored token, and keeps the user signed in on success', async () => {
    signIn(auth('good'))
    await expect(api.call(route('get', '/order/user-order'))).resolves.toEqual({ orders: [] })
    expect(server.requests.at(-1)?.authorization).toBe('bearer good')
    expect(useProfileStore.getState().profile?.userInfo.name).toBe('Asha Rao')
  })

  it('on a 401 signs the user out, says why, and sends them to /login to come back here', async () => {
    signIn(auth('stale'))
    useCartSummaryStore.getState().setItemCount(3)
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toContain('stale')

    await expect(api.call(route('get', '/order/user-order'))).rejects.toMatchObject({ status: 401 })

    expect(useProfileStore.getState().profile).toBeNull()
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull()
    expect(useCartSummaryStore.getState().itemCount).toBe(0)
    expect(navigations).toEqual([`/login?from=${encodeURIComponent('/my-orders?page=2')}`])
    expect(useNotificationStore.getState().toasts).toMatchObject([
      { type: 'error', message: apiMessages.sessionEnded },
    ])
  })

  it("shows the server's message in an error toast that goes away after 4.5 s", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      await expect(api.call(route('post', '/message'), { body: {} })).rejects.toThrow(
        'Phone number is required',
      )
      expect(useNotificationStore.getState().toasts).toMatchObject([
        { type: 'error', message: 'Phone number is required' },
      ])
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1)
      expect(useNotificationStore.getState().toasts).toHaveLength(1)
      vi.advanceTimersByTime(1)
      expect(useNotificationStore.getState().toasts).toEqual([])
    } finally {
      vi.useRealTimers()
    }
    expect(navigations).toEqual([])
  })
})
