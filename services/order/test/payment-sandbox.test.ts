import { createHmac } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createLogger, loadConfig } from '@medstore/service-kit'
import { until } from '@medstore/service-kit/testing'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway } from '../../../gateway/src/app'
import { gatewayEnv } from '../../../gateway/src/config'
import { PUBLIC_API_URL, SHELL_URL, shipping, startWorld, WEBHOOK_SECRET, type World } from './helpers'

let w: World
let asha: string

beforeAll(async () => {
  w = await startWorld()
  asha = w.issuer.customer()
})
afterAll(async () => w?.close())

async function onlineOrder(paymentType = 'online', headers: Record<string, string> = {}) {
  const p = await w.product({ price: 199.99 })
  const res = await w.api('POST', '/order', {
    token: asha,
    headers,
    json: { items: [{ productId: p, quantity: 2 }], shippingInfo: shipping(), paymentType },
  })
  expect(res.status).toBe(201)
  return res.body as { order: { _id: string; number: string }; paymentLinkUrl: string }
}

type Signed = { body: string; signature: string }
/** The pre-signed webhooks the payment page carries (what its Pay and Fail buttons send). */
async function pageWebhooks(
  orderId: string,
  query = '',
): Promise<{ pay: Signed; fail: Signed; returnUrl: string }> {
  const page = await w.api('GET', `/order/payment/${orderId}${query}`)
  const json = /const config = (\{.*\});/.exec(page.text)![1]!
  return JSON.parse(json)
}

/** Posts a webhook body exactly as given (the signature covers these bytes). */
const webhook = async (body: string, signature?: string) => {
  const res = await fetch(`${w.order.url}/order/payment/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-payment-signature': signature } : {}),
    },
    body,
  })
  return { status: res.status, body: await res.json() }
}

const paymentStatus = async (orderId: string) =>
  (await w.order.db.order.findUniqueOrThrow({ where: { id: orderId } })).paymentStatus

describe('sandbox payments', () => {
  it('answers an online order with a link to the payment page served through the gateway', async () => {
    const { order, paymentLinkUrl } = await onlineOrder()
    const shop = encodeURIComponent(new URL(SHELL_URL).origin)
    expect(paymentLinkUrl).toBe(`${PUBLIC_API_URL}/order/payment/${order._id}?shop=${shop}`)
    expect(order).toMatchObject({ paymentType: 'online', paymentStatus: 'pending', paymentLinkUrl })
    expect((await pageWebhooks(order._id, `?shop=${shop}`)).returnUrl).toBe(
      `${SHELL_URL}/checkout/confirmation?orderId=${order._id}`,
    )
  })

  it('sends a customer from another of the shop’s origins to the page on their API host, and back to their shop', async () => {
    const { order, paymentLinkUrl } = await onlineOrder('online', {
      origin: 'http://127.0.0.1:3000',
      'x-forwarded-host': '127.0.0.1:8080',
    })
    const link = new URL(paymentLinkUrl)
    expect(link.origin).toBe('http://127.0.0.1:8080')
    expect(link.searchParams.get('shop')).toBe('http://127.0.0.1:3000')
    const { returnUrl } = await pageWebhooks(order._id, link.search)
    expect(returnUrl).toBe(`http://127.0.0.1:3000/checkout/confirmation?orderId=${order._id}`)
    // A shop origin that is not the shop's is not followed: the page returns to SHELL_URL.
    const elsewhere = await pageWebhooks(order._id, `?shop=${encodeURIComponent('https://evil.example')}`)
    expect(elsewhere.returnUrl).toBe(`${SHELL_URL}/checkout/confirmation?orderId=${order._id}`)
    const strange = await onlineOrder('online', {
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
    })
    expect(new URL(strange.paymentLinkUrl).origin).toBe(PUBLIC_API_URL)
  })

  it('serves a self-contained page with the amount, under a nonce-only content security policy', async () => {
    const { order } = await onlineOrder()
    const res = await w.api('GET', `/order/payment/${order._id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.text).toContain(order.number)
    expect(res.text).toContain('₹399.98')
    const csp = res.headers.get('content-security-policy')!
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]
    expect(csp).toContain("default-src 'none'")
    expect(res.text).toContain(`<script nonce="${nonce}">`)
    expect(res.text).not.toMatch(/<(script|link|img)[^>]+(src|href)=/)
    expect(res.text).not.toContain(WEBHOOK_SECRET)
  })

  it('has no page for a cash order or an unknown one', async () => {
    const { order } = await onlineOrder('cash')
    expect((await w.api('GET', `/order/payment/${order._id}`)).status).toBe(404)
    expect((await w.api('GET', '/order/payment/nope')).status).toBe(404)
  })

  it('marks the order paid on a signed webhook, once however often it is delivered', async () => {
    const { order } = await onlineOrder()
    const { pay } = await pageWebhooks(order._id)
    const first = await webhook(pay.body, pay.signature)
    expect(first).toEqual({ status: 200, body: { received: true, result: 'applied' } })
    expect(await paymentStatus(order._id)).toBe('paid')
    const again = await webhook(pay.body, pay.signature)
    expect(again.body.result).toBe('duplicate')
    const mine = await w.api('GET', `/order/orderById?orderId=${order._id}`, { token: asha })
    expect(mine.body.order.paymentStatus).toBe('paid')
  })

  it('records a failed attempt and a later successful one', async () => {
    const { order } = await onlineOrder()
    const { fail } = await pageWebhooks(order._id)
    expect((await webhook(fail.body, fail.signature)).status).toBe(200)
    expect(await paymentStatus(order._id)).toBe('failed')
    const { pay } = await pageWebhooks(order._id)
    await webhook(pay.body, pay.signature)
    expect(await paymentStatus(order._id)).toBe('paid')
  })

  it('rejects a forged, altered or unsigned webhook with 401 and changes nothing', async () => {
    const { order } = await onlineOrder()
    const { pay } = await pageWebhooks(order._id)
    const forged = createHmac('sha256', 'not-the-secret').update(pay.body).digest('hex')
    const altered = pay.body.replace(/"amount":\d+/, '"amount":1')
    for (const [body, signature] of [
      [pay.body, forged],
      [altered, pay.signature],
      [pay.body, undefined],
    ] as const) {
      const res = await webhook(body, signature)
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: 'Invalid webhook signature', code: 'unauthenticated' })
    }
    expect(await paymentStatus(order._id)).toBe('pending')
  })

  it('does not let a validly signed webhook settle an order it did not make (a cash order)', async () => {
    const { order } = await onlineOrder('cash')
    const body = JSON.stringify({
      id: 'sbx_cash',
      orderId: order._id,
      outcome: 'paid',
      amount: 39_998,
      currency: 'INR',
    })
    const res = await webhook(body, createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex'))
    expect(res.body.result).toBe('unknown-order')
    expect(await paymentStatus(order._id)).toBe('pending')
  })

  it('refunds a paid order the customer cancels: the sandbox refunds at once, and My Orders shows it', async () => {
    const { order } = await onlineOrder()
    const { pay } = await pageWebhooks(order._id)
    await webhook(pay.body, pay.signature)
    const cancelled = await w.api('POST', `/order/cancel?orderId=${order._id}`, { token: asha })
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' })
    await until(async () => (await paymentStatus(order._id)) === 'refunded')
    const mine = await w.api('GET', '/order/user-order', { token: asha })
    const listed = mine.body.orders.find((o: { _id: string }) => o._id === order._id)
    expect(listed.refunds).toEqual([
      {
        _id: `order_${order._id}`,
        itemId: null,
        amount: 399.98,
        status: 'processed',
        createdAt: expect.any(String),
      },
    ])
    // The events reach the recorder through the outbox relay, after the state they announce.
    const told = () =>
      w.events
        .ofType('order.refund_changed')
        .filter((e) => (e.data as { orderId: string }).orderId === order._id)
    await until(async () => told().length >= 2)
    expect(told().map((e) => (e.data as { status: string }).status)).toEqual(['pending', 'processed'])
    // The page now has nothing to pay.
    expect((await w.api('GET', `/order/payment/${order._id}`)).text).toContain('there is nothing to pay')
  })

  it('does not mark paid a sandbox payment in another currency', async () => {
    const { order } = await onlineOrder()
    const body = JSON.stringify({
      id: 'sbx_usd',
      orderId: order._id,
      outcome: 'paid',
      amount: 39_998,
      currency: 'USD',
    })
    const res = await webhook(body, createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex'))
    expect(res.body.result).toBe('parked')
    expect(await paymentStatus(order._id)).toBe('pending')
  })

  describe.skipIf(!existsSync('/usr/bin/chromium'))('in Chromium', () => {
    let browser: Browser
    let gateway: Server
    let gatewayUrl: string
    beforeAll(async () => {
      browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox'],
      })
      // The page is served through the real gateway, as buyers reach it (its own security headers included).
      const config = loadConfig(gatewayEnv, {
        GATEWAY_PORT: '0',
        LOG_LEVEL: 'silent',
        JWKS_URL: w.issuer.jwksUrl,
        ORDER_URL: w.order.url,
        CATALOGUE_URL: w.catalogue.url,
      })
      gateway = createGateway(config, createLogger('gateway', 'silent')).listen(0)
      await new Promise((resolve) => gateway.once('listening', resolve))
      gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`
    })
    afterAll(async () => {
      await browser?.close()
      await new Promise((resolve) => gateway?.close(resolve))
    })

    it('the buyer clicks Pay on the page served through the gateway, the order is paid and they land on the shop’s confirmation page', async () => {
      const { order } = await onlineOrder()
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
      await page.route(`${SHELL_URL}/**`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<h1>Thanks</h1>' }),
      )
      await page.goto(`${gatewayUrl}/order/payment/${order._id}?shop=${encodeURIComponent(SHELL_URL)}`)
      await page.getByRole('button', { name: 'Pay' }).click()
      await page.waitForURL(`${SHELL_URL}/checkout/confirmation?orderId=${order._id}`)
      expect(await paymentStatus(order._id)).toBe('paid')
      expect(errors).toEqual([])
      await page.close()
    })
  })
})
