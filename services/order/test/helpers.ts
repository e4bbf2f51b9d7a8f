import {
  eventRecorder,
  httpRequest,
  startTestService,
  startTokenIssuer,
  type TestReply,
  type TestRequest,
  type TestService,
  until,
} from '@medstore/service-kit/testing'
import { catalogueService } from '../../catalogue/src/service'
import type { OrderConfig } from '../src/config'
import type { PrismaClient } from '../src/generated/prisma/client'
import { orderService } from '../src/service'

export const PUBLIC_API_URL = 'http://api.test:8080'
export const SHELL_URL = 'http://shop.test:3000'
export const WEBHOOK_SECRET = 'sandbox-webhook-secret-for-tests'
/** The seller settings production requires (the tax invoice names the registered seller). */
export const PRODUCTION_SELLER = {
  SELLER_NAME: 'Test Pharmacy Private Limited',
  SELLER_ADDRESS: '1 Test Road; Pune 411001; Maharashtra, India',
  SELLER_GSTIN: '27AABCM1234D1Z1',
  SELLER_DRUG_LICENCES: 'Form 20: MH-PN-000001; Form 21: MH-PN-000002',
} as const

export type OrderService = TestService<PrismaClient, OrderConfig>

export type Reply = TestReply

/** fetch against a base URL; JSON in and out. */
export const apiClient =
  (base: string) =>
  (method: string, path: string, init: Omit<TestRequest, 'method'> = {}): Promise<Reply> =>
    httpRequest(`${base}${path}`, { ...init, method })

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
  async function product(
    p: {
      name?: string
      price?: number
      stock?: number
      /** Medicine facts (the catalogue's form fields): schedule, hsnCode, gstRate, mrp. */
      facts?: { schedule?: string; hsnCode?: string; gstRate?: number; mrp?: number }
    } = {},
  ): Promise<string> {
    productCount++
    const res = await catalogueApi('POST', '/product', {
      token: admin,
      json: {
        name: p.name ?? `Product ${productCount}`,
        category: 'Ayurvedic',
        price: p.price ?? 100,
        description: 'For tests',
        stock: p.stock ?? 50,
        ...p.facts,
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
    catalogueApi,
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
