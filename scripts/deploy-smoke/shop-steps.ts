// What `npm run deploy:smoke` does to the running stack over HTTP, as a shopper's browser would: the
// routes are the contracts' descriptors (packages/contracts), the bodies their request types.
import type { CartLineRequest } from '@medstore/contracts/cart'
import { cartApi } from '@medstore/contracts/cart'
import { catalogueApi, type Product } from '@medstore/contracts/catalogue'
import { identityApi, type RegisterRequest } from '@medstore/contracts/identity'
import { type CreateOrderRequest, orderApi } from '@medstore/contracts/order'

export interface StackUrls {
  api: string
  shell: string
  /** The remotes' public ports, which /remotes.json must name. */
  remotePorts: readonly number[]
}

interface Route {
  method: string
  path: string
}

export interface Answer {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: the smoke reads a few fields of documented answers
  body: any
  text: string
  type: string
}

export async function call(
  base: string,
  route: Route,
  options: { token?: string; json?: unknown; query?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${base}${route.path}${options.query ? `?${options.query}` : ''}`, {
    method: route.method.toUpperCase(),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  const type = response.headers.get('content-type') ?? ''
  let body: unknown
  try {
    body = type.includes('json') && text ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  return { status: response.status, body, text, type }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Asks until `done` holds (the answer it held for) or `timeoutMs` passes (then throws with the last answer). */
export async function until(
  what: string,
  ask: () => Promise<Answer>,
  done: (answer: Answer) => boolean,
  timeoutMs: number,
): Promise<Answer> {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  for (;;) {
    try {
      const answer = await ask()
      if (done(answer)) return answer
      last = `${answer.status} ${answer.text.slice(0, 300)}`
    } catch (error) {
      last =
        error instanceof Error
          ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`
          : String(error)
    }
    if (Date.now() > deadline) throw new Error(`${what}: ${last}`)
    await sleep(1_000)
  }
}

export const SHIPPING: CreateOrderRequest['shippingInfo'] = {
  customerName: 'Smoke Customer',
  phoneNumber: '9876543210',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  addressLine1: '1 Smoke Street',
  postalCode: '560001',
  street: 'Smoke Street',
  houseNumber: '1',
}

export interface Customer {
  email: string
  password: string
  token: string
}

export async function gatewayHealthy(urls: StackUrls): Promise<string> {
  const answer = await until(
    'GET /health',
    () => call(urls.api, { method: 'get', path: '/health' }),
    (a) => a.status === 200,
    120_000,
  )
  return `200, ${Object.keys(answer.body?.services ?? answer.body ?? {}).length} entries`
}

/**
 * The first product of the demo catalogue (seeded at the catalogue's first start) that a customer can order
 * with no prescription: over the counter and in stock for the order's two units. The catalogue's first
 * product is a Schedule H medicine, which the order service rightly refuses without one.
 */
export async function orderableProduct(
  urls: StackUrls,
): Promise<{ id: string; price: number; name: string }> {
  const orderable = (product: Product) => !product.requiresPrescription && product.stock >= 2
  const answer = await until(
    'GET /product?limit=24',
    () => call(urls.api, catalogueApi.products, { query: 'limit=24' }),
    (a) => a.status === 200 && (a.body?.products ?? []).some(orderable),
    180_000,
  )
  const product = answer.body.products.find(orderable)!
  return { id: product._id, price: product.price, name: product.name }
}

export async function signUp(urls: StackUrls): Promise<Customer> {
  const stamp = Date.now().toString(36)
  const password = `Smoke-${stamp}-Pass9`
  const body: RegisterRequest = {
    firstName: 'Smoke',
    lastName: 'Customer',
    userName: `smoke_${stamp}`,
    email: `smoke-${stamp}@medstore.test`,
    phone: '9876543210',
    password,
    cmPassword: password,
  }
  const answer = await call(urls.api, identityApi.signUp, { json: body })
  if (!answer.body?.token) throw new Error(`sign-up: ${answer.status} ${answer.text.slice(0, 300)}`)
  return { email: body.email, password, token: answer.body.token }
}

export async function signIn(urls: StackUrls, customer: Customer): Promise<Customer> {
  const answer = await until(
    'POST /auth/login',
    () => call(urls.api, identityApi.login, { json: { email: customer.email, password: customer.password } }),
    (a) => a.status === 200 && Boolean(a.body?.token),
    120_000,
  )
  return { ...customer, token: answer.body.token }
}

/** Adds the product to the cart; the cart learns products from catalogue events, so a 404 is asked again. */
export async function addToCart(urls: StackUrls, customer: Customer, productId: string): Promise<string> {
  const line: CartLineRequest = { productId, quantity: 2 }
  const answer = await until(
    'POST /cart',
    () => call(urls.api, cartApi.add, { token: customer.token, json: line }),
    (a) => a.status === 200,
    120_000,
  )
  return `200, ${answer.body?.items?.length ?? answer.body?.cart?.items?.length ?? '?'} line(s)`
}

export async function placeCashOrder(
  urls: StackUrls,
  customer: Customer,
  product: { id: string; price: number },
): Promise<{ id: string; detail: string }> {
  const body: CreateOrderRequest = {
    items: [{ productId: product.id, quantity: 2, price: product.price }],
    shippingInfo: SHIPPING,
    paymentType: 'cash',
  }
  const answer = await until(
    'POST /order',
    () => call(urls.api, orderApi.place, { token: customer.token, json: body }),
    (a) => a.status === 201,
    120_000,
  )
  const order = answer.body.order
  return {
    id: order._id,
    detail: `201, ${order.orderNumber ?? order._id}, ${order.totalAmount ?? order.totalPrice ?? ''}`,
  }
}

export async function readOrder(
  urls: StackUrls,
  customer: Customer,
  orderId: string,
  timeoutMs: number,
): Promise<string> {
  const answer = await until(
    'GET /order/orderById',
    () =>
      call(urls.api, orderApi.byId, {
        token: customer.token,
        query: `orderId=${encodeURIComponent(orderId)}`,
      }),
    (a) => a.status === 200 && a.body?.order?._id === orderId,
    timeoutMs,
  )
  return `200, ${answer.body.order.orderNumber ?? orderId}, ${answer.body.order.orderStatus ?? answer.body.order.status ?? ''}`
}

/** The shell's page, and that none of its scripts' source maps is served (issue 36). */
export async function shellPage(urls: StackUrls): Promise<string> {
  const page = await call(urls.shell, { method: 'get', path: '/' })
  if (page.status !== 200 || !page.type.includes('text/html'))
    throw new Error(`GET /: ${page.status} ${page.type}`)
  // The page names its scripts in preload links and in its inline loader, not only in src attributes.
  const script = /["'(]\/([\w.-]+\.js)["')]/.exec(page.text)?.[1]
  if (!script) throw new Error('GET /: no script in the page')
  const map = await call(urls.shell, { method: 'get', path: `/${script}.map` })
  if (map.status === 200) throw new Error(`/${script}.map is served`)
  return `200 text/html; /${script}.map ${map.status}`
}

/** /remotes.json names each remote at its public port, /config.json the gateway's public URL. */
export async function runtimeDocuments(urls: StackUrls): Promise<string> {
  const remotes = await call(urls.shell, { method: 'get', path: '/remotes.json' })
  if (remotes.status !== 200 || !remotes.body)
    throw new Error(`GET /remotes.json: ${remotes.status} ${remotes.text.slice(0, 200)}`)
  const entries: string[] = Object.values(remotes.body as Record<string, { entry: string }>).map(
    (remote) => remote.entry,
  )
  for (const port of urls.remotePorts) {
    if (!entries.some((entry) => new URL(entry).port === String(port)))
      throw new Error(`/remotes.json names no remote at port ${port}: ${entries.join(', ')}`)
  }
  const config = await call(urls.shell, { method: 'get', path: '/config.json' })
  const apiPort = new URL(urls.api).port
  if (config.status !== 200 || new URL(String(config.body?.apiUrl)).port !== apiPort)
    throw new Error(`/config.json: ${config.status} ${config.text.slice(0, 200)} (expected port ${apiPort})`)
  return `${entries.length} remotes at ${urls.remotePorts.join('/')}; apiUrl ${config.body.apiUrl}`
}
