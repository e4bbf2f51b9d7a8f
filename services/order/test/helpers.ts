import type { BusNames, EventEnvelope } from '@medstore/service-kit'
import {
  startTestService,
  startTokenIssuer,
  type TestService,
  testInfra,
} from '@medstore/service-kit/testing'
import amqp from 'amqplib'
import { catalogueService } from '../../catalogue/src/service'
import type { OrderConfig } from '../src/config'
import type { PrismaClient } from '../src/generated/prisma/client'
import { orderService } from '../src/service'

export const PUBLIC_API_URL = 'http://api.test:8080'
export const SHELL_URL = 'http://shop.test:3000'
export const WEBHOOK_SECRET = 'sandbox-webhook-secret-for-tests'

export type OrderService = TestService<PrismaClient, OrderConfig>

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies field by field
export type Reply = { status: number; body: any; headers: Headers; text: string }

/** fetch against a base URL; JSON in and out. */
export function apiClient(base: string) {
  return async (
    method: string,
    path: string,
    init: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply> => {
    const headers: Record<string, string> = { ...init.headers }
    if (init.token) headers.authorization = `bearer ${init.token}`
    if (init.json !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    })
    const text = await res.text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = undefined
    }
    return { status: res.status, body, headers: res.headers, text }
  }
}

export async function until<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** Records every event on the test file's bus (an exclusive queue bound to everything). */
export async function eventRecorder(bus: BusNames) {
  const connection = await amqp.connect(testInfra().amqpUrl)
  const channel = await connection.createChannel()
  await channel.assertExchange(bus.events, 'topic', { durable: true, autoDelete: bus.transient })
  const { queue } = await channel.assertQueue('', { exclusive: true })
  await channel.bindQueue(queue, bus.events, '#')
  const received: EventEnvelope[] = []
  await channel.consume(queue, (msg) => msg && received.push(JSON.parse(msg.content.toString())), {
    noAck: true,
  })
  return {
    received,
    ofType: (type: string) => received.filter((e) => e.type === type),
    close: () => connection.close(),
  }
}

export const shipping = (overrides: Record<string, unknown> = {}) => ({
  customerName: 'Asha Rao',
  phoneNumber: '+91 98765 43210',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  addressLine1: '12 MG Road',
  addressLine2: '',
  postalCode: '560001',
  street: 'MG Road',
  houseNumber: '12',
  ...overrides,
})

/**
 * The order service with the real catalogue beside it (same bus namespace, so the order's product replica
 * is fed by the catalogue's own events) and a token issuer.
 */
export async function startWorld(orderEnv: Record<string, string> = {}) {
  const issuer = await startTokenIssuer()
  const catalogue = await startTestService(catalogueService, {
    JWKS_URL: issuer.jwksUrl,
    SEED_DEMO_CATALOGUE: 'false',
    PUBLIC_API_URL,
  })
  const order = (await startTestService(orderService, {
    JWKS_URL: issuer.jwksUrl,
    CATALOGUE_URL: catalogue.url,
    PUBLIC_API_URL,
    SHELL_URL,
    PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...orderEnv,
  })) as OrderService
  const events = await eventRecorder(order.bus)
  const admin = issuer.admin()
  const catalogueApi = apiClient(catalogue.url)
  const api = apiClient(order.url)
  await catalogueApi('POST', '/category', { token: admin, json: { name: 'Ayurvedic' } })

  let productCount = 0
  /** A product created through the catalogue's admin API, once the order service's replica has it. */
  async function product(p: { name?: string; price?: number; stock?: number } = {}): Promise<string> {
    productCount++
    const res = await catalogueApi('POST', '/product', {
      token: admin,
      json: {
        name: p.name ?? `Product ${productCount}`,
        category: 'Ayurvedic',
        price: p.price ?? 100,
        description: 'For tests',
        stock: p.stock ?? 50,
      },
    })
    if (res.status !== 201) throw new Error(`could not create a product: ${res.status} ${res.text}`)
    const id = res.body._id as string
    await until(() => order.db.product.findUnique({ where: { id } }))
    return id
  }

  async function stockOf(productId: string): Promise<number> {
    const res = await catalogueApi('GET', `/product/productById?productId=${productId}`)
    return res.body.stock
  }

  return {
    issuer,
    catalogue,
    order,
    events,
    api,
    admin,
    product,
    stockOf,
    close: async () => {
      await events.close()
      await order.close()
      await catalogue.close()
      await issuer.close()
    },
  }
}
export type World = Awaited<ReturnType<typeof startWorld>>
