import { prescriptionRoutes } from '@medstore/contracts/prescription'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { jpegWithGps, pdf, png, usePrescriptionService } from './helpers'

const { sut, customer, admin, call, upload, uploadPhoto, submitOrder } = usePrescriptionService()

describe('who may call what', () => {
  it('asks a guest to sign in on every prescription route', async () => {
    for (const route of prescriptionRoutes) {
      const path = route.path
        .replace('{id}', '00000000-0000-4000-8000-000000000000')
        .replace('{page}', '1')
        .replace('{orderId}', 'o-1')
      const res = await call(path, undefined, {
        method: route.method.toUpperCase(),
        json: route.method === 'get' || route.method === 'delete' ? undefined : {},
      })
      expect(res.status, `${route.method} ${route.path}`).toBe(401)
      expect(res.body.code).toBe('unauthenticated')
    }
  })

  it("hides one customer's prescription from another: read, file, list, delete and attach, by id too", async () => {
    const asha = customer()
    const ravi = customer('Ravi Kumar')
    const { id } = await uploadPhoto(asha.token)
    for (const [method, path, json] of [
      ['GET', `/prescription/${id}`],
      ['GET', `/prescription/${id}/page/1`],
      ['DELETE', `/prescription/${id}`],
      ['POST', `/prescription/${id}/attach`, { orderId: 'any-order' }],
    ] as const) {
      const res = await call(path, ravi.token, { method, json })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.body).toEqual({ message: 'Prescription not found', code: 'not_found' })
    }
    expect((await call('/prescription', ravi.token)).body).toEqual([])
    const mine = await call('/prescription', asha.token)
    expect(mine.body.map((p: { id: string }) => p.id)).toEqual([id])
    expect(mine.headers.get('x-total-count')).toBe('1')
    // Still there for its owner: nothing above changed it.
    expect((await call(`/prescription/${id}`, asha.token)).status).toBe(200)
  })

  it("refuses a customer the pharmacist's routes", async () => {
    const res = await call('/prescription/admin/queue', customer().token)
    expect(res.status).toBe(403)
  })
})

describe('POST /prescription', () => {
  it('keeps a photo without its EXIF (no GPS), encrypted: the database never holds its bytes', async () => {
    const asha = customer()
    const original = await jpegWithGps()
    expect((await sharp(original).metadata()).exif).toBeDefined()
    const res = await upload(asha.token, [{ bytes: original, name: 'IMG_2041.jpg', type: 'image/jpeg' }])
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      userId: asha.id,
      state: 'awaiting_review',
      usable: true,
      openOrders: [],
      pages: [{ number: 1, contentType: 'image/jpeg', size: expect.any(Number) }],
    })
    expect(res.headers.get('cache-control')).toBe('no-store')

    const file = await fetch(`${sut.service.url}/prescription/${res.body.id}/page/1`, {
      headers: { authorization: `bearer ${asha.token}` },
    })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/jpeg')
    expect(file.headers.get('cache-control')).toBe('no-store')
    const served = Buffer.from(await file.arrayBuffer())
    const meta = await sharp(served).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.width).toBe(64)
    expect(served.includes('SecretPhone')).toBe(false)

    const { rows } = await sut.service.pool.query<{ ciphertext: Buffer; key_id: string }>(
      'SELECT ciphertext, key_id FROM prescription_pages WHERE prescription_id = $1',
      [res.body.id],
    )
    expect(rows).toHaveLength(1)
    const stored = rows[0]!.ciphertext
    expect(rows[0]!.key_id).toBe('test')
    expect(stored.includes(served)).toBe(false)
    expect(stored.includes(served.subarray(0, 64))).toBe(false)
    expect(stored.includes(original.subarray(0, 64))).toBe(false)
    expect(stored.subarray(0, 3)).not.toEqual(Buffer.from([0xff, 0xd8, 0xff]))
  })

  it('takes several pages: a PNG and a PDF, in order', async () => {
    const asha = customer()
    const res = await upload(asha.token, [
      { bytes: await png(), name: 'page1.png', type: 'image/png' },
      { bytes: pdf(), name: 'page2.pdf', type: 'application/pdf' },
    ])
    expect(res.status).toBe(201)
    expect(res.body.pages.map((p: { contentType: string }) => p.contentType)).toEqual([
      'image/png',
      'application/pdf',
    ])
    const page2 = await fetch(`${sut.service.url}/prescription/${res.body.id}/page/2`, {
      headers: { authorization: `bearer ${asha.token}` },
    })
    expect(Buffer.from(await page2.arrayBuffer())).toEqual(pdf())
  })

  it.each([
    [
      'an SVG named .jpg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      415,
      'The file is not a JPEG, PNG or WebP photo or a PDF (SVG and other text files are not accepted)',
    ],
    [
      'a text file claiming to be a PDF',
      Buffer.from('hello, I am not a PDF'),
      415,
      'The file is not a JPEG, PNG or WebP photo or a PDF',
    ],
    [
      'a GIF',
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      415,
      'The file is not a JPEG, PNG or WebP photo or a PDF',
    ],
  ])('refuses %s readably (%i)', async (_what, bytes, status, message) => {
    const asha = customer()
    const res = await upload(asha.token, [{ bytes, name: 'rx.jpg', type: 'image/jpeg' }])
    expect(res.status).toBe(status)
    expect(res.body).toEqual({ message, code: 'unsupported_media_type' })
    expect((await call('/prescription', asha.token)).body).toEqual([])
  })

  it('refuses a polyglot: a JPEG with a ZIP after its end, and a PDF with HTML after %%EOF', async () => {
    const asha = customer()
    const jpeg = Buffer.concat([await jpegWithGps(), Buffer.from('PK\x03\x04 hidden archive', 'latin1')])
    const a = await upload(asha.token, [{ bytes: jpeg, name: 'rx.jpg', type: 'image/jpeg' }])
    expect(a.status).toBe(415)
    expect(a.body.message).toBe('The file has data after the end of the JPEG image')
    const b = await upload(asha.token, [
      {
        bytes: Buffer.concat([pdf(), Buffer.from('<html><script>x()</script></html>')]),
        name: 'rx.pdf',
        type: 'application/pdf',
      },
    ])
    expect(b.status).toBe(415)
    expect(b.body.message).toBe('The file has data after the end of the PDF')
  })

  it('refuses a file over 10 MB with 413, and no file with 400', async () => {
    const asha = customer()
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41)
    const res = await upload(asha.token, [{ bytes: big, name: 'big.jpg', type: 'image/jpeg' }])
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ message: 'Each page must be at most 10 MB', code: 'too_large' })
    const none = await upload(asha.token, [])
    expect(none.status).toBe(400)
    expect(none.body.message).toBe('Choose at least one page (a photo or a PDF)')
  })
})

describe('administrators reading files', () => {
  it("writes every administrator's view to the access log, which the administrator can read", async () => {
    const asha = customer()
    const pharmacist = admin()
    const { id } = await uploadPhoto(asha.token)
    await submitOrder(asha, id)
    const view = await call(`/prescription/${id}/page/1`, pharmacist.token)
    expect(view.status).toBe(200)
    // The owner's own views are not an administrator's access.
    await call(`/prescription/${id}/page/1`, asha.token)
    const log = await call('/prescription/admin/access-log?limit=100', pharmacist.token)
    expect(log.status).toBe(200)
    const mine = log.body.filter((e: { prescriptionId: string }) => e.prescriptionId === id)
    expect(mine).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        adminId: pharmacist.id,
        adminName: 'Pharmacist Meera',
        prescriptionId: id,
        page: 1,
        customerId: asha.id,
      },
    ])
  })
})

describe('DELETE /prescription/{id}', () => {
  it('refuses while the prescription is on an open order, and deletes it (files gone) once the order is closed', async () => {
    const asha = customer()
    const { id } = await uploadPhoto(asha.token)
    const { orderId, number } = await submitOrder(asha, id)
    expect((await call(`/prescription/${id}`, asha.token)).body.openOrders).toEqual([number])
    const refused = await call(`/prescription/${id}`, asha.token, { method: 'DELETE' })
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('prescription_in_use')
    expect(refused.body.message).toContain(number)

    await sut.bus.publish('order.status_changed', { orderId, userId: asha.id, number, status: 'cancelled' })
    const { until } = await import('@medstore/service-kit/testing')
    await until(async () => (await call(`/prescription/${id}`, asha.token)).body.openOrders.length === 0)
    const deleted = await call(`/prescription/${id}`, asha.token, { method: 'DELETE' })
    expect(deleted.status).toBe(200)
    expect((await call(`/prescription/${id}`, asha.token)).status).toBe(404)
    const { rowCount } = await sut.service.pool.query(
      'SELECT 1 FROM prescription_pages WHERE prescription_id = $1',
      [id],
    )
    expect(rowCount).toBe(0)
  })
})
