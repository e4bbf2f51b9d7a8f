import { deliveryEstimate, deliverySettings } from '@medstore/contracts/delivery'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_DELIVERY_RULES } from '../../src/delivery/default-delivery-rules'
import { coverageOf, deliveryWindow } from '../../src/delivery/delivery-promise'
import { shipping, startWorld, type World } from '../helpers'

let w: World
beforeAll(async () => {
  w = await startWorld()
})
afterAll(async () => {
  await w?.close()
})

const estimate = (pincode: string) =>
  w.api('GET', `/delivery/estimate?pincode=${encodeURIComponent(pincode)}`)

/** The day the policy promises for an order placed at one of these instants (a request spans two). */
const promisedBetween = (before: Date, after: Date, speed: 'standard' | 'express') => [
  deliveryWindow(before, speed, DEFAULT_DELIVERY_RULES),
  deliveryWindow(after, speed, DEFAULT_DELIVERY_RULES),
]

describe('GET /delivery/estimate', () => {
  it('promises express to a metro PIN code, with its city and state', async () => {
    const before = new Date()
    const res = await estimate('400001')
    const after = new Date()
    expect(res.status).toBe(200)
    const body = deliveryEstimate.parse(res.body)
    expect(body).toMatchObject({ pincode: '400001', city: 'Mumbai', state: 'Maharashtra', served: true })
    expect(body.speed).toBe('express')
    expect(body.cutoffTime).toBe('14:00')
    expect(promisedBetween(before, after, 'express')).toContainEqual({
      speed: 'express',
      dispatchDate: body.dispatchDate,
      earliestDate: body.earliestDate,
      deliveryBy: body.deliveryBy,
    })
    expect(body.deliveryBy).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('promises standard elsewhere', async () => {
    const before = new Date()
    const res = await estimate('682001')
    const after = new Date()
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ city: 'Ernakulam', state: 'Kerala', served: true, speed: 'standard' })
    expect(promisedBetween(before, after, 'standard').map((w) => w.deliveryBy)).toContain(res.body.deliveryBy)
  })

  it('says when a known PIN code is not served, without dates', async () => {
    const res = await estimate('744101')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      pincode: '744101',
      city: 'South Andaman',
      state: 'Andaman & Nicobar Islands',
      served: false,
      speed: null,
      dispatchDate: null,
      earliestDate: null,
      deliveryBy: null,
      cutoffTime: '14:00',
    })
  })

  it('answers 404 pincode_unknown for a code India Post does not list', async () => {
    const res = await estimate('999999')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({
      code: 'pincode_unknown',
      message: expect.stringContaining("We don't know this PIN code"),
    })
  })

  it.each(['', '12345', '1234567', '012345', 'abcdef', '56 001'])(
    'refuses the malformed code %j with 400',
    async (code) => {
      const res = await estimate(code)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('validation_failed')
      expect(res.body.errors).toEqual([
        {
          path: 'pincode',
          message: expect.stringMatching(/pincode (is required|must be a 6-digit PIN code)/),
          code: expect.stringMatching(/^(required|invalid_pin_code)$/),
        },
      ])
    },
  )

  it('trims spaces around the code', async () => {
    const res = await estimate(' 560001 ')
    expect(res.status).toBe(200)
    expect(res.body.pincode).toBe('560001')
  })
})

describe('delivery settings', () => {
  it('start with the defaults', async () => {
    const res = await w.api('GET', '/delivery/settings', { token: w.admin })
    expect(res.status).toBe(200)
    expect(res.body).toEqual(DEFAULT_DELIVERY_RULES)
  })

  it('refuse customers and strangers', async () => {
    const customer = w.issuer.customer()
    expect((await w.api('GET', '/delivery/settings', { token: customer })).status).toBe(403)
    expect((await w.api('GET', '/delivery/settings')).status).toBe(401)
    const put = await w.api('PUT', '/delivery/settings', { token: customer, json: DEFAULT_DELIVERY_RULES })
    expect(put.status).toBe(403)
  })

  it('refuse a malformed prefix, cut-off or holiday, naming the field', async () => {
    const bad = await w.api('PUT', '/delivery/settings', {
      token: w.admin,
      json: {
        ...DEFAULT_DELIVERY_RULES,
        expressPrefixes: ['11O'],
        cutoffTime: '25:00',
        holidays: [{ date: '2026-02-30', name: 'x' }],
      },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('validation_failed')
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'cutoffTime',
      'expressPrefixes.0',
      'holidays.0.date',
    ])
    const tooMany = await w.api('PUT', '/delivery/settings', {
      token: w.admin,
      json: {
        ...DEFAULT_DELIVERY_RULES,
        unservedPrefixes: Array.from({ length: 201 }, (_, i) => String(100000 + i)),
      },
    })
    expect(tooMany.status).toBe(400)
  })

  it('change what the estimate answers at once', async () => {
    const settings = {
      ...DEFAULT_DELIVERY_RULES,
      unservedPrefixes: ['682', '682'],
      expressPrefixes: ['560001', '110'],
      cutoffTime: '18:30',
    }
    const put = await w.api('PUT', '/delivery/settings', { token: w.admin, json: settings })
    expect(put.status).toBe(200)
    expect(deliverySettings.parse(put.body)).toEqual({
      ...settings,
      unservedPrefixes: ['682'],
      expressPrefixes: ['110', '560001'],
    })
    expect((await w.api('GET', '/delivery/settings', { token: w.admin })).body).toEqual(put.body)
    expect((await estimate('682001')).body.served).toBe(false)
    expect((await estimate('400001')).body).toMatchObject({
      served: true,
      speed: 'standard',
      cutoffTime: '18:30',
    })
    expect((await estimate('560001')).body.speed).toBe('express')
    expect(coverageOf('560002', put.body)).toEqual({ served: true, speed: 'standard' })
    // Back to the defaults for the tests after this one.
    await w.api('PUT', '/delivery/settings', { token: w.admin, json: DEFAULT_DELIVERY_RULES })
  })
})

describe('placing an order', () => {
  const place = (productId: string, postalCode: string) =>
    w.api('POST', '/order', {
      token: w.issuer.customer(),
      json: {
        items: [{ productId, quantity: 1 }],
        shippingInfo: shipping({ postalCode }),
        paymentType: 'cash',
      },
    })

  it('records the promised delivery day and answers it', async () => {
    const productId = await w.product({ stock: 5 })
    const before = new Date()
    const res = await place(productId, '400001')
    const after = new Date()
    expect(res.status).toBe(201)
    const promised = res.body.order.promisedDeliveryDate
    expect(promisedBetween(before, after, 'express').map((window) => window.deliveryBy)).toContain(promised)
    const again = await w.api('GET', `/order/orderById?orderId=${res.body.order._id}`, {
      token: w.issuer.customer(),
    })
    expect(again.body.order.promisedDeliveryDate).toBe(promised)
    const row = await w.order.db.order.findUniqueOrThrow({ where: { id: res.body.order._id } })
    expect(row.promisedDeliveryDate?.toISOString().slice(0, 10)).toBe(promised)
  })

  it('follows the settings saved last (read with the prices): a PIN code made unserved is refused', async () => {
    const productId = await w.product({ stock: 5 })
    expect((await place(productId, '682001')).status).toBe(201)
    const unserved = { ...DEFAULT_DELIVERY_RULES, unservedPrefixes: ['682'] }
    expect((await w.api('PUT', '/delivery/settings', { token: w.admin, json: unserved })).status).toBe(200)
    try {
      const res = await place(productId, '682001')
      expect(res.status).toBe(422)
      expect(res.body.code).toBe('pincode_not_served')
      expect(await w.stockOf(productId)).toBe(4)
    } finally {
      await w.api('PUT', '/delivery/settings', { token: w.admin, json: DEFAULT_DELIVERY_RULES })
    }
  })

  it.each([
    ['744101', 'pincode_not_served', /do not deliver to 744101/],
    ['999999', 'pincode_unknown', /We don't know this PIN code/],
  ])('refuses %s with 422 %s, reserving nothing', async (postalCode, code, message) => {
    const productId = await w.product({ stock: 5 })
    const orders = await w.order.db.order.count()
    const res = await place(productId, postalCode)
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ code, message: expect.stringMatching(message) })
    expect(await w.order.db.order.count()).toBe(orders)
    expect(await w.stockOf(productId)).toBe(5)
  })
})
