import { randomUUID } from 'node:crypto'
import { httpRequest, until, useServiceUnderTest } from '@medstore/service-kit/testing'
import sharp from 'sharp'
import { prescriptionServiceWith } from '../src/service'

/** The service's clock runs `offsetMs` ahead of the real one: a test moves time instead of sleeping. */
export const time = { offsetMs: 0 }

export function usePrescriptionService(env: Record<string, string> = {}) {
  const sut = useServiceUnderTest(
    prescriptionServiceWith(() => new Date(Date.now() + time.offsetMs)),
    env,
  )
  let seq = 0

  const customer = (name = 'Asha Rao') => {
    const id = `customer-${randomUUID()}`
    return { id, token: sut.issuer.tokenFor({ id, name, userName: `asha${++seq}` }) }
  }
  const admin = () => {
    const id = `admin-${randomUUID()}`
    return {
      id,
      token: sut.issuer.tokenFor({ id, name: 'Pharmacist Meera', userName: 'ADMIN', isAdmin: true }),
    }
  }
  const url = (path: string) => `${sut.service.url}${path}`
  const call = (
    path: string,
    token?: string,
    init: { method?: string; json?: unknown; form?: FormData } = {},
  ) => httpRequest(url(path), { ...init, token })

  async function upload(
    token: string | undefined,
    files: { bytes: Uint8Array; name: string; type: string }[],
  ) {
    const form = new FormData()
    for (const f of files) form.append('pages', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name)
    return call('/prescription', token, { method: 'POST', form })
  }

  async function uploadPhoto(token: string) {
    const res = await upload(token, [{ bytes: await jpegWithGps(), name: 'rx.jpg', type: 'image/jpeg' }])
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`)
    return res.body as { id: string }
  }

  /** The order service's announcement of an order holding H/H1 lines, and its arrival in the queue. */
  async function submitOrder(
    owner: { id: string },
    prescriptionId: string,
    lines: { name: string; schedule: 'H' | 'H1'; quantity: number }[] = [
      { name: 'Amoxicillin 500', schedule: 'H', quantity: 1 },
    ],
    placedAt = new Date(Date.now() + time.offsetMs),
  ) {
    const orderId: string = randomUUID()
    const number = `MS-${String(++seq).padStart(6, '0')}`
    await sut.bus.publish('order.prescription_submitted', {
      orderId,
      userId: owner.id,
      number,
      customerName: 'Asha Rao',
      prescriptionId,
      placedAt: placedAt.toISOString(),
      lines: lines.map((l, i) => ({
        itemId: `${orderId}-item-${i + 1}`,
        productId: `product-${i + 1}`,
        ...l,
      })),
    })
    await until(
      async () =>
        (await sut.service.pool.query('SELECT 1 FROM verifications WHERE order_id = $1', [orderId]))
          .rowCount === 1,
    )
    return { orderId, number }
  }

  return { sut, customer, admin, call, upload, uploadPhoto, submitOrder }
}

/** A phone photo: a JPEG carrying EXIF with the maker and a GPS position. */
export const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretPhone', Model: 'Rx-9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '12/1 58/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 35/1 0/1',
      },
    })
    .toBuffer()

export const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } } })
    .png()
    .toBuffer()

/** A minimal one-page PDF. */
export const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  )
