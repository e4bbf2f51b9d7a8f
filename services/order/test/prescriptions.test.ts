import { httpRequest, startTestService, type TestService, until } from '@medstore/service-kit/testing'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prescriptionServiceWith } from '../../prescription/src/service'
import { orderStatusUseCases } from '../src/use-cases/order-status'
import { prescriptionSweep } from '../src/use-cases/prescription-sweep'
import { shipping, startWorld, type World } from './helpers'

let world: World
let rx: TestService<unknown, unknown>
const ids: Record<'otc' | 'h' | 'h1' | 'x', string> = { otc: '', h: '', h1: '', x: '' }

async function product(name: string, schedule: 'OTC' | 'H' | 'H1' | 'X') {
  const res = await httpRequest(`${world.catalogue.url}/product`, {
    method: 'POST',
    token: world.admin,
    json: { name, category: 'Ayurvedic', price: 100, description: 'For tests', stock: 10, schedule },
  })
  if (res.status !== 201) throw new Error(`product: ${res.status} ${res.text}`)
  const id = res.body._id as string
  await until(async () => (await world.order.db.product.findUnique({ where: { id } }))?.name === name)
  return id
}

beforeAll(async () => {
  world = await startWorld()
  rx = (await startTestService(
    prescriptionServiceWith(() => new Date()),
    {
      JWKS_URL: world.issuer.jwksUrl,
    },
  )) as TestService<unknown, unknown>
  ids.otc = await product('Triphala Churna', 'OTC')
  ids.h = await product('Amoxicillin 500', 'H')
  ids.h1 = await product('Alprazolam 0.5 mg', 'H1')
  ids.x = await product('Codeine Linctus', 'X')
}, 120_000)

afterAll(async () => {
  await rx?.close()
  await world?.close()
})

let seq = 0
function customer(name = 'Asha Rao') {
  const id = `rx-customer-${++seq}`
  return { id, token: world.issuer.tokenFor({ id, name, userName: `rx${seq}` }) }
}

const place = (token: string, items: { productId: string; quantity: number }[], prescriptionId?: string) =>
  world.api('POST', '/order', {
    token,
    json: {
      items,
      shippingInfo: shipping(),
      paymentType: 'cash',
      ...(prescriptionId ? { prescriptionId } : {}),
    },
  })

/** A photo uploaded to the prescription service, once the order service has heard of it. */
async function prescriptionOf(owner: { token: string }): Promise<string> {
  const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: 'white' } })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('pages', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'rx.jpg')
  const res = await httpRequest(`${rx.url}/prescription`, { method: 'POST', token: owner.token, form })
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`)
  const id = res.body.id as string
  await until(async () => (await world.order.db.prescriptionReplica.findUnique({ where: { id } })) !== null)
  return id
}

const orderOf = async (token: string, orderId: string) =>
  (await world.api('GET', `/order/orderById?orderId=${orderId}`, { token })).body.order
const setStatus = (orderId: string, status: string) =>
  world.api('PUT', `/order?orderId=${orderId}`, { token: world.admin, json: { status } })
const pharmacist = () => world.issuer.tokenFor({ id: 'pharmacist-1', name: 'Meera', isAdmin: true })

describe('Schedule X', () => {
  it('cannot be ordered: 422 not_sold_online, nothing reserved', async () => {
    const asha = customer()
    const before = await world.stockOf(ids.x)
    const res = await place(asha.token, [{ productId: ids.x, quantity: 1 }])
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      message: 'This medicine is not sold online: Codeine Linctus',
      code: 'not_sold_online',
    })
    expect(await world.stockOf(ids.x)).toBe(before)
  })
})

describe('an order holding Schedule H medicines', () => {
  it('is refused without a prescription, or with one that is not the customer’s, with a clear coded message', async () => {
    const asha = customer()
    const before = await world.stockOf(ids.h)
    const none = await place(asha.token, [
      { productId: ids.otc, quantity: 1 },
      { productId: ids.h, quantity: 1 },
    ])
    expect(none.status).toBe(422)
    expect(none.body).toEqual({
      message:
        "Amoxicillin 500 needs a doctor's prescription: upload one or choose an approved one before placing the order",
      code: 'prescription_required',
    })
    const ravisOwn = await prescriptionOf(customer('Ravi Kumar'))
    const guessed = await place(asha.token, [{ productId: ids.h, quantity: 1 }], ravisOwn)
    expect(guessed.status).toBe(422)
    expect(guessed.body.code).toBe('prescription_not_usable')
    expect(await world.stockOf(ids.h)).toBe(before)
  })

  it('with one, is placed and reserved but held at pending until a pharmacist approves; then it ships and H1 lines enter the register', async () => {
    const asha = customer()
    const prescriptionId = await prescriptionOf(asha)
    const before = await world.stockOf(ids.h1)
    const res = await place(
      asha.token,
      [
        { productId: ids.h, quantity: 1 },
        { productId: ids.h1, quantity: 2 },
      ],
      prescriptionId,
    )
    expect(res.status).toBe(201)
    const { _id: orderId, number } = res.body.order
    expect(res.body.order).toMatchObject({
      status: 'pending',
      prescription: { status: 'awaiting_verification', prescriptionId, reason: null, reattachBy: null },
    })
    expect(await world.stockOf(ids.h1)).toBe(before - 2)

    for (const status of ['processing', 'shipped', 'delivered']) {
      const held = await setStatus(orderId, status)
      expect(held.status, status).toBe(409)
      expect(held.body).toEqual({
        message:
          'This order waits for a pharmacist to approve its prescription (Prescriptions panel) before it can move on',
        code: 'prescription_unverified',
      })
    }
    const item = await world.api(
      'PUT',
      `/order/item?orderId=${orderId}&itemId=${res.body.order.items[0]._id}`,
      {
        token: world.admin,
        json: { status: 'shipped' },
      },
    )
    expect(item.status).toBe(409)
    expect(item.body.code).toBe('prescription_unverified')

    await until(
      async () =>
        (await httpRequest(`${rx.url}/prescription/admin/order/${orderId}`, { token: pharmacist() }))
          .status === 200,
    )
    const approved = await httpRequest(`${rx.url}/prescription/admin/order/${orderId}/approve`, {
      method: 'POST',
      token: pharmacist(),
      json: {
        doctorName: 'Dr. Kavita Menon',
        doctorRegistration: 'KMC-45821',
        patientName: 'Asha Rao',
        issuedOn: new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }),
      },
    })
    expect(approved.status).toBe(200)
    await until(async () => (await orderOf(asha.token, orderId)).prescription.status === 'approved')
    expect((await setStatus(orderId, 'processing')).status).toBe(200)
    expect((await setStatus(orderId, 'shipped')).status).toBe(200)

    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' })
    const registerOf = async () =>
      (
        await httpRequest(`${rx.url}/prescription/admin/register?from=${day}&to=${day}&limit=100`, {
          token: pharmacist(),
        })
      ).body.filter((r: { orderNumber: string }) => r.orderNumber === number)
    await until(async () => (await registerOf()).length === 1)
    expect((await registerOf())[0]).toMatchObject({
      medicine: 'Alprazolam 0.5 mg',
      quantity: 2,
      patientName: 'Asha Rao',
      prescriberName: 'Dr. Kavita Menon',
      prescriberRegistration: 'KMC-45821',
    })
    // The approved prescription is reused for the next order, which is held for approval again.
    const next = await place(asha.token, [{ productId: ids.h, quantity: 1 }], prescriptionId)
    expect(next.status).toBe(201)
    expect(next.body.order.prescription.status).toBe('awaiting_verification')
  })

  it('rejected: shows the reason; after the grace period the sweep cancels it and the stock returns', async () => {
    const asha = customer()
    const prescriptionId = await prescriptionOf(asha)
    const before = await world.stockOf(ids.h)
    const res = await place(asha.token, [{ productId: ids.h, quantity: 3 }], prescriptionId)
    expect(res.status).toBe(201)
    const orderId = res.body.order._id
    expect(await world.stockOf(ids.h)).toBe(before - 3)
    await until(
      async () =>
        (await httpRequest(`${rx.url}/prescription/admin/order/${orderId}`, { token: pharmacist() }))
          .status === 200,
    )
    const rejected = await httpRequest(`${rx.url}/prescription/admin/order/${orderId}/reject`, {
      method: 'POST',
      token: pharmacist(),
      json: { reason: 'The prescription is not signed' },
    })
    expect(rejected.status).toBe(200)
    await until(async () => (await orderOf(asha.token, orderId)).prescription.status === 'rejected')
    const shown = await orderOf(asha.token, orderId)
    expect(shown.prescription).toMatchObject({
      reason: 'The prescription is not signed',
      reattachBy: rejected.body.reattachBy,
    })
    expect(shown.status).toBe('pending')
    expect((await setStatus(orderId, 'processing')).body.code).toBe('prescription_unverified')

    const sweep = prescriptionSweep(
      world.order.pool,
      orderStatusUseCases(world.order.db, () => undefined, world.order.logger),
      3_600_000,
      world.order.logger,
    )
    try {
      // Just before the deadline nothing happens; just after, the order is cancelled.
      const deadline = Date.parse(rejected.body.reattachBy)
      await sweep.sweepOnce(new Date(deadline - 60_000))
      expect((await orderOf(asha.token, orderId)).status).toBe('pending')
      await sweep.sweepOnce(new Date(deadline + 60_000))
    } finally {
      await sweep.stop()
    }
    expect((await orderOf(asha.token, orderId)).status).toBe('cancelled')
    await until(async () => (await world.stockOf(ids.h)) === before)
  })
})

describe('an order without prescription medicines', () => {
  it('is placed and moves on as before', async () => {
    const asha = customer()
    const res = await place(asha.token, [{ productId: ids.otc, quantity: 1 }])
    expect(res.status).toBe(201)
    expect(res.body.order.prescription).toBeNull()
    expect((await setStatus(res.body.order._id, 'processing')).status).toBe(200)
  })
})
