import { API_ROUTES, type ApiRoute, SERVICES } from '@medstore/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { familyOf } from '../src/routing'
import { type Caller, identities, SHIPPING, useTestShop } from './support'

/**
 * Every documented route × every kind of caller, through the gateway and straight to the owning service
 * (each service enforces the rules itself; the gateway is a second line). Who may call each route is
 * written out below (MATRIX), not read from the contracts: a new route fails the suite until someone
 * decides its row, and a route whose contract access changes fails until the matrix agrees. The services'
 * routing tables fail the suite when a route is served without being in the contracts (so without a row).
 * Then customers try each other's cart, orders, notifications and reviews.
 */
const shop = useTestShop()
let tokens: Awaited<ReturnType<typeof identities>>
beforeAll(async () => {
  tokens = await identities(shop.gateway.url)
})

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

type Access = ApiRoute['access']
const label = (r: ApiRoute) => `${r.method.toUpperCase()} ${r.path}`

/** Who may call what: public (anyone), user (any signed-in customer or the administrator), admin. */
const MATRIX: Record<string, Access> = {
  'POST /auth/sineUp': 'public',
  'POST /auth/signup': 'public',
  'POST /auth/login': 'public',
  'GET /auth/me': 'user',
  // A refresh token, a reset link or a sign-out proves itself; signing out everywhere and changing the
  // password need the signed-in account.
  'POST /auth/refresh': 'public',
  'POST /auth/logout': 'public',
  'POST /auth/logout-all': 'user',
  'POST /auth/password': 'user',
  'POST /auth/forgot-password': 'public',
  'POST /auth/reset-password': 'public',
  // A customer's language is kept for their own account only.
  'PUT /auth/locale': 'user',
  'GET /user': 'admin',
  'POST /message': 'public',
  'GET /message': 'admin',
  'GET /message/notifications': 'user',
  'GET /order': 'admin',
  'POST /order': 'user',
  'PUT /order': 'admin',
  'PUT /order/item': 'admin',
  'GET /order/user-order': 'user',
  'GET /order/orderById': 'user',
  'POST /order/cancel': 'user',
  // The tax invoice: its owner's or an administrator's; another customer's order answers 404 (its test).
  'GET /order/invoice': 'user',
  'GET /order/statistics': 'admin',
  // Anyone may ask whether we deliver to a PIN code; what is served is the administrator's setting.
  'GET /delivery/estimate': 'public',
  'GET /delivery/settings': 'admin',
  'PUT /delivery/settings': 'admin',
  // The payment page is reached from the payment link; the webhooks prove themselves by signature.
  'GET /order/payment/{orderId}': 'public',
  'POST /order/payment/webhook': 'public',
  'POST /order/payment/razorpay/webhook': 'public',
  'GET /category': 'public',
  'POST /category': 'admin',
  'DELETE /category': 'admin',
  'GET /product': 'public',
  'GET /product/categoryProduct': 'public',
  'GET /product/productById': 'public',
  'GET /product/substitutes': 'public',
  'POST /product': 'admin',
  'PUT /product': 'admin',
  'DELETE /product': 'admin',
  'GET /product/image/{imageId}': 'public',
  'GET /product/image/{imageId}/card': 'public',
  'GET /product/image/{imageId}/large': 'public',
  'GET /shop': 'public',
  'GET /shop/{id}': 'public',
  'GET /supplier': 'admin',
  'POST /supplier': 'admin',
  'PUT /supplier/{id}': 'admin',
  'GET /cart': 'user',
  'POST /cart': 'user',
  'PUT /cart': 'user',
  'DELETE /cart': 'user',
  'GET /review': 'public',
  'GET /review/overview': 'public',
  'POST /review': 'user',
  // Prescriptions are private health data: every route needs a sign-in; a customer's own routes answer
  // 404 for another's prescription (see the id-guessing tests in services/prescription/test).
  'POST /prescription': 'user',
  'GET /prescription': 'user',
  'GET /prescription/{id}': 'user',
  'GET /prescription/{id}/page/{page}': 'user',
  'DELETE /prescription/{id}': 'user',
  'POST /prescription/{id}/attach': 'user',
  'GET /prescription/admin/queue': 'admin',
  'GET /prescription/admin/order/{orderId}': 'admin',
  'POST /prescription/admin/order/{orderId}/approve': 'admin',
  'POST /prescription/admin/order/{orderId}/reject': 'admin',
  'GET /prescription/admin/access-log': 'admin',
  'GET /prescription/admin/register': 'admin',
  'GET /prescription/admin/register.csv': 'admin',
}

type Cell = '401' | '403' | 'passes auth'

/** What the matrix says each caller gets. "passes auth": anything but 401/403 (e.g. 400 for the sample input). */
function expected(access: Access, caller: Caller): Cell {
  if (access === 'public') return 'passes auth'
  if (caller === 'guest' || INVALID.includes(caller)) return '401'
  if (access === 'admin' && caller !== 'administrator') return '403'
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

describe('the matrix itself', () => {
  it('has exactly one row per route in the contracts, and agrees with each contract’s access', () => {
    expect(API_ROUTES.map(label).sort()).toEqual(Object.keys(MATRIX).sort())
    for (const route of API_ROUTES) expect(route.access, label(route)).toBe(MATRIX[label(route)])
  })

  it('covers every route the services serve (a route outside the contracts fails here)', () => {
    const served = servedRoutes()
    expect(served.length).toBeGreaterThan(30)
    const known = new Set(API_ROUTES.map(label))
    expect(served.filter((r) => !known.has(r) && !NOT_BEHIND_THE_GATEWAY.has(r))).toEqual([])
  })
})

describe.each([
  ['through the gateway', () => shop.gateway.url],
  ['straight to the service', (route: ApiRoute) => shop.running.get(serviceFor(route))!.url],
])('authorisation %s', (_where, baseFor) => {
  it.each(API_ROUTES.map((route) => [label(route), route] as const))('%s', async (_label, route) => {
    // One caller after another: the kit's JwksKeyStore answers "unknown key" to a request that arrives while
    // another request's first key fetch is under way (reported; the gateway works around it for itself).
    const statuses = {} as Record<Caller, number>
    for (const c of CALLERS) statuses[c] = await call(baseFor(route), route, tokens[c])
    const access = MATRIX[label(route)]
    if (!access) throw new Error(`${label(route)} has no row in MATRIX: decide who may call it`)
    const want = Object.fromEntries(CALLERS.map((c) => [c, expected(access, c)]))
    const got = Object.fromEntries(CALLERS.map((c) => [c, cell(statuses[c])]))
    if (access === 'public') {
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

/** Service-to-service and key routes the gateway never forwards (routing.test.ts proves it refuses them). */
const NOT_BEHIND_THE_GATEWAY = new Set([
  'GET /.well-known/jwks.json',
  'POST /internal/reservations',
  'POST /internal/reservations/{orderId}/release',
])

/**
 * `METHOD /path` for every route the running services serve, read from each one's express routing table
 * (path parameters written `{param}` as in the contracts), however the route was mounted. The kit's health
 * endpoints, the same in every service, are not API routes.
 */
function servedRoutes(): string[] {
  return [...shop.running.values()].flatMap((s) => s.routes).filter((r) => !r.startsWith('GET /health/'))
}

describe('one customer and another’s things', () => {
  let productId: string
  let orderId: string
  const api = async (
    path: string,
    token: string | undefined,
    init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const res = await fetch(`${shop.gateway.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(token ? { authorization: `bearer ${token}` } : {}),
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    })
    const text = await res.text()
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, text }
  }
  const a = () => tokens.customer
  const b = () => tokens['another customer']
  const admin = () => tokens.administrator

  beforeAll(async () => {
    expect((await api('/category', admin(), { method: 'POST', json: { name: 'Cross Check' } })).status).toBe(
      201,
    )
    const made = await api('/product', admin(), {
      method: 'POST',
      json: {
        name: 'Cetirizine 10 mg',
        category: 'Cross Check',
        price: 25,
        description: 'Strip of 10',
        stock: 20,
      },
    })
    expect(made.status).toBe(201)
    productId = made.body._id as string
    // A's cart and order. The cart and order services learn of the product from the catalogue's event:
    // until they have, they answer 404. The cart learns its stock from a second event (product.stock_changed,
    // applied after product.upserted): between the two it answers 409, out of stock.
    let carted = await api('/cart', a(), { method: 'POST', json: { productId, quantity: 2 } })
    for (let i = 0; i < 50 && (carted.status === 404 || carted.status === 409); i++) {
      await new Promise((r) => setTimeout(r, 200))
      carted = await api('/cart', a(), { method: 'POST', json: { productId, quantity: 2 } })
    }
    expect(carted.status, carted.text).toBeOneOf([200, 201])
    const order = {
      items: [{ productId, quantity: 1 }],
      paymentType: 'cash',
      shippingInfo: SHIPPING,
    }
    let placed = await api('/order', a(), {
      method: 'POST',
      json: order,
      headers: { 'idempotency-key': 'x-1' },
    })
    for (let i = 0; i < 50 && placed.status === 404; i++) {
      await new Promise((r) => setTimeout(r, 200))
      placed = await api('/order', a(), {
        method: 'POST',
        json: order,
        headers: { 'idempotency-key': `x-${i + 2}` },
      })
    }
    expect(placed.status, placed.text).toBe(201)
    orderId = (placed.body.order as { _id: string })._id
  }, 60_000)

  it('does not show or cancel A’s order to B', async () => {
    expect((await api(`/order/orderById?orderId=${orderId}`, a())).status).toBe(200)
    const read = await api(`/order/orderById?orderId=${orderId}`, b())
    expect(read.status).toBeOneOf([403, 404])
    expect(read.text).not.toContain('MG Road')
    expect((await api(`/order/cancel?orderId=${orderId}`, b(), { method: 'POST' })).status).toBeOneOf([
      403, 404,
    ])
    const still = await api(`/order/orderById?orderId=${orderId}`, a())
    expect(still.body.status ?? (still.body.order as { status?: string })?.status).not.toBe('cancelled')
    expect((await api('/order/user-order', b())).text).not.toContain(orderId)
  })

  it('keeps each cart to its owner: B neither sees nor empties A’s cart', async () => {
    // Placing the order took A's line out of the cart: put one back.
    expect((await api('/cart', a(), { method: 'POST', json: { productId, quantity: 2 } })).status).toBeOneOf([
      200, 201,
    ])
    const bCart = await api('/cart', b())
    expect(bCart.status).toBe(200)
    expect((bCart.body.cart as { items: unknown[] }).items).toEqual([])
    expect((await api(`/cart?productId=${productId}`, b(), { method: 'DELETE' })).status).toBeLessThan(500)
    const aCart = await api('/cart', a())
    expect((aCart.body.cart as { items: { quantity: number }[] }).items.map((i) => i.quantity)).toEqual([2])
  })

  it('sends A’s order notifications to A only', async () => {
    expect(
      (await api(`/order?orderId=${orderId}`, admin(), { method: 'PUT', json: { status: 'processing' } }))
        .status,
    ).toBe(200)
    // The notification travels over the bus (order → messaging): wait until A has it.
    let mine: { orderId: string }[] = []
    for (let i = 0; i < 100 && !mine.some((n) => n.orderId === orderId); i++) {
      await new Promise((r) => setTimeout(r, 100))
      mine = (await api('/message/notifications', a())).body as unknown as { orderId: string }[]
    }
    expect(mine.map((n) => n.orderId)).toContain(orderId)
    expect((await api('/message/notifications', b())).text).not.toContain(orderId)
  })

  it('keeps A’s tax invoice to A and the administrator, and streams the PDF through whole', async () => {
    expect((await api(`/order/invoice?orderId=${orderId}`, a())).body.code).toBe('invoice_not_issued')
    expect(
      (await api(`/order?orderId=${orderId}`, admin(), { method: 'PUT', json: { status: 'shipped' } }))
        .status,
    ).toBe(200)
    const pdf = async (token: string) => {
      const res = await fetch(`${shop.gateway.url}/order/invoice?orderId=${orderId}`, {
        headers: { authorization: `bearer ${token}` },
      })
      return { res, bytes: Buffer.from(await res.arrayBuffer()) }
    }
    const mine = await pdf(a())
    expect(mine.res.status).toBe(200)
    expect(mine.res.headers.get('content-type')).toBe('application/pdf')
    expect(mine.res.headers.get('cache-control')).toBe('no-store')
    expect(mine.res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="MS-\d{4}-\d{2}-\d{6}\.pdf"$/,
    )
    expect(mine.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(mine.bytes.subarray(-6).toString('latin1').trim()).toBe('%%EOF')
    expect(mine.bytes.length).toBe(Number(mine.res.headers.get('content-length')))
    const admins = await pdf(admin())
    expect(admins.bytes.equals(mine.bytes)).toBe(true)
    const others = await pdf(b())
    expect(others.res.status).toBe(404)
    expect(others.bytes.toString('utf8')).not.toContain('%PDF')
  })

  it('keeps A’s review A’s: B’s review of the same product is B’s own, and no route edits or deletes one', async () => {
    expect(
      (await api('/review', a(), { method: 'POST', json: { productId, rating: 5, comment: 'From A' } }))
        .status,
    ).toBe(201)
    // B cannot write in A's name: the author comes from the token, whatever the body says.
    const forged = await api('/review', b(), {
      method: 'POST',
      json: { productId, rating: 1, comment: 'From B', userId: 'someone-else', user: 'A' },
    })
    expect(forged.status).toBeOneOf([201, 400])
    const reviews = (await api(`/review?productId=${productId}`, undefined)).body as unknown as {
      comment: string
      rating: number
    }[]
    expect(reviews.find((r) => r.comment === 'From A')?.rating).toBe(5)
    expect(
      API_ROUTES.filter((r) => r.path.startsWith('/review') && r.method !== 'get' && r.method !== 'post'),
    ).toEqual([])
  })
})
