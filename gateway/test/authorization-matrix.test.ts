import { API_ROUTES, type ApiRoute, SERVICES } from '@medstore/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { familyOf } from '../src/routing'
import { type Caller, type Gateway, identities, type Running, startGateway, startServices } from './support'

/**
 * Every documented route × every kind of caller, through the gateway and straight to the owning service
 * (each service enforces the rules itself; the gateway is a second line). The routes come from the
 * contracts, so the matrix grows as routes are described.
 */
let running: Map<string, Running>
let gateway: Gateway
let tokens: Awaited<ReturnType<typeof identities>>

beforeAll(async () => {
  running = await startServices()
  gateway = await startGateway(running)
  tokens = await identities(gateway.url)
}, 120_000)

afterAll(async () => {
  await gateway?.close()
  await Promise.all([...(running?.values() ?? [])].map((s) => s.close()))
}, 60_000)

const CALLERS: Caller[] = [
  'guest',
  'customer',
  'another customer',
  'administrator',
  'expired token',
  'tampered token',
  'alg none',
]
const INVALID: Caller[] = ['expired token', 'tampered token', 'alg none']

type Cell = '401' | '403' | 'passes auth'

/** What the access rule says each caller gets. "passes auth": anything but 401/403 (e.g. 400 for the sample input). */
function expected(route: ApiRoute, caller: Caller): Cell {
  if (route.access === 'public') return 'passes auth'
  if (caller === 'guest' || INVALID.includes(caller)) return '401'
  if (route.access === 'admin' && caller !== 'administrator') return '403'
  return 'passes auth'
}

const cell = (status: number): Cell => (status === 401 ? '401' : status === 403 ? '403' : 'passes auth')

function serviceFor(route: ApiRoute) {
  const family = familyOf(route.path)
  const service = SERVICES.find((s) => (s.paths as readonly string[]).includes(family))
  if (!service) throw new Error(`${route.path} is in no service's path family`)
  return service.name
}

async function call(base: string, route: ApiRoute, token: string | undefined) {
  const path = route.path.replace(/\{[^}]+\}/g, 'matrix-sample')
  const hasBody = route.method === 'post' || route.method === 'put'
  const res = await fetch(`${base}${path}`, {
    method: route.method.toUpperCase(),
    headers: {
      ...(token ? { authorization: `bearer ${token}` } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    body: hasBody ? '{}' : undefined,
  })
  await res.arrayBuffer()
  return res.status
}

const label = (r: ApiRoute) => `${r.method.toUpperCase()} ${r.path} (${r.access})`

it('covers the identity routes at least (the matrix is never empty)', () => {
  expect(API_ROUTES.map(label)).toEqual(
    expect.arrayContaining(['POST /auth/sineUp (public)', 'POST /auth/login (public)', 'GET /user (admin)']),
  )
})

describe.each([
  ['through the gateway', () => gateway.url],
  ['straight to the service', (route: ApiRoute) => running.get(serviceFor(route))!.url],
])('authorisation %s', (_where, baseFor) => {
  it.each(API_ROUTES.map((route) => [label(route), route] as const))('%s', async (_label, route) => {
    // One caller after another: the kit's JwksKeyStore answers "unknown key" to a request that arrives while
    // another request's first key fetch is under way (reported; the gateway works around it for itself).
    const statuses = {} as Record<Caller, number>
    for (const c of CALLERS) statuses[c] = await call(baseFor(route), route, tokens[c])
    const want = Object.fromEntries(CALLERS.map((c) => [c, expected(route, c)]))
    const got = Object.fromEntries(CALLERS.map((c) => [c, cell(statuses[c])]))
    if (route.access === 'public') {
      // A public route does not care about the token: everyone gets what the guest gets, and never a 403.
      // 401 only where the route documents it for its own reason (a payment webhook's signature).
      const guest = statuses.guest
      for (const c of CALLERS) got[c] = statuses[c] === guest ? 'passes auth' : cell(statuses[c])
      const refused = guest === 403 || (guest === 401 && !route.errors?.[401])
      expect(refused, `guest got ${guest}`).toBe(false)
    }
    expect(got, `statuses: ${JSON.stringify(statuses)}`).toEqual(want)
  })
})
