// Continuous order placement through the gateway, as several signed-up customers: what every client saw
// (status or network error, when it started and ended) and which orders were acknowledged (201).
import { ADMIN } from './shop-processes'

/** One request as its client saw it: an HTTP status, or the network error that replaced the answer. */
export interface Attempt {
  startedAt: number
  endedAt: number
  status?: number
  error?: string
  orderId?: string
}

export interface OrderLoad {
  attempts: Attempt[]
  /** Order ids the gateway answered 201 for. */
  acknowledged: string[]
  stop(): Promise<void>
}

export interface Storefront {
  gatewayUrl: string
  tokens: string[]
  productIds: string[]
}

const REQUEST_TIMEOUT_MS = 15_000
const SHIPPING = {
  customerName: 'Drill Customer',
  phoneNumber: '9876543210',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  addressLine1: '1 Drill Street',
  postalCode: '560001',
  street: 'Drill Street',
  houseNumber: '1',
}

async function call(base: string, method: string, path: string, token?: string, json?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `bearer ${token}` } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  const text = await res.text()
  // biome-ignore lint/suspicious/noExplicitAny: a drill reads a few fields of known answers
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any }
}

/** Products with ample stock and signed-up customers; waits until the order service can price the products. */
export async function prepareStorefront(
  gatewayUrl: string,
  customers = 8,
  products = 10,
): Promise<Storefront> {
  const admin = await call(gatewayUrl, 'POST', '/auth/login', undefined, ADMIN)
  if (admin.status !== 200) throw new Error(`admin login: ${admin.status} ${JSON.stringify(admin.body)}`)
  await call(gatewayUrl, 'POST', '/category', admin.body.token, { name: 'Drill' })
  const productIds: string[] = []
  for (let i = 0; i < products; i++) {
    const res = await call(gatewayUrl, 'POST', '/product', admin.body.token, {
      name: `Drill product ${i}`,
      category: 'Drill',
      price: 40 + i,
      description: 'Drill stock',
      stock: 1_000_000,
    })
    if (res.status !== 201) throw new Error(`product: ${res.status} ${JSON.stringify(res.body)}`)
    productIds.push(res.body._id)
  }
  const tokens: string[] = []
  for (let i = 0; i < customers; i++) {
    const res = await call(gatewayUrl, 'POST', '/auth/sineUp', undefined, {
      firstName: 'Drill',
      lastName: `Customer${i}`,
      userName: `drill_${i}_${Date.now().toString(36)}`,
      email: `drill-${i}-${Date.now().toString(36)}@medstore.test`,
      phone: '9876543210',
      password: 'drill-password-1',
      cmPassword: 'drill-password-1',
    })
    if (!res.body?.token) throw new Error(`sign-up: ${res.status} ${JSON.stringify(res.body)}`)
    tokens.push(res.body.token)
  }
  const store = { gatewayUrl, tokens, productIds }
  // The order service prices from its replica, filled by catalogue events: wait until every product is known.
  const deadline = Date.now() + 60_000
  for (let n = 0; ; n++) {
    const attempts = await Promise.all(productIds.map((productId) => placeOrder(store, n, [productId])))
    if (attempts.every((a) => a.status === 201)) return store
    if (Date.now() > deadline)
      throw new Error(`the order service cannot price the products: ${JSON.stringify(attempts)}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

async function placeOrder(store: Storefront, n: number, only?: string[]): Promise<Attempt> {
  const ids = only ?? [
    store.productIds[n % store.productIds.length]!,
    store.productIds[(n + 3) % store.productIds.length]!,
  ]
  const body = {
    items: ids.map((productId, i) => ({ productId, quantity: 1 + ((n + i) % 2), price: 1 })),
    shippingInfo: SHIPPING,
    paymentType: 'cash',
  }
  const startedAt = Date.now()
  try {
    const res = await call(store.gatewayUrl, 'POST', '/order', store.tokens[n % store.tokens.length], body)
    return { startedAt, endedAt: Date.now(), status: res.status, orderId: res.body?.order?._id }
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code
    return { startedAt, endedAt: Date.now(), error: cause ?? (error as Error).name }
  }
}

/** `concurrency` clients placing orders back to back until stop(); a failed client pauses 50 ms. */
export function startOrderLoad(store: Storefront, concurrency = 6): OrderLoad {
  const attempts: Attempt[] = []
  const acknowledged: string[] = []
  let running = true
  let n = 0
  const workers = Array.from({ length: concurrency }, async () => {
    while (running) {
      const attempt = await placeOrder(store, n++)
      attempts.push(attempt)
      if (attempt.status === 201 && attempt.orderId) acknowledged.push(attempt.orderId)
      else await new Promise((r) => setTimeout(r, 50))
    }
  })
  return {
    attempts,
    acknowledged,
    stop: async () => {
      running = false
      await Promise.all(workers)
    },
  }
}

/** How many attempts ended with each status or error, e.g. { "201": 812, "503": 40, "ECONNRESET": 0 }. */
export function outcomes(attempts: Attempt[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const a of attempts) {
    const key = a.error ?? String(a.status)
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}
