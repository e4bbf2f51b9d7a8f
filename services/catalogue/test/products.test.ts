import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_API_URL, productForm, sampleImage, startCatalogue } from './helpers'

let ctx: Awaited<ReturnType<typeof startCatalogue>>
let admin: string

beforeAll(async () => {
  ctx = await startCatalogue()
  admin = ctx.issuer.admin()
  for (const name of ['Pain & Fever', 'Ayurvedic', 'Vitamins'])
    await ctx.api('/category', { method: 'POST', token: admin, json: { name } })
})
afterAll(() => ctx?.close())

const fields = (over: Record<string, string | number | boolean> = {}) => ({
  name: 'Paracetamol 650 mg Tablet',
  category: 'Pain & Fever',
  price: '30.91',
  description: 'Strip of 15 tablets for fever and pain.',
  stock: '40',
  ...over,
})
const create = (form: FormData, token = admin) => ctx.api('/product', { method: 'POST', token, form })
const update = (id: string, form: FormData, token = admin) =>
  ctx.api(`/product?productId=${id}`, { method: 'PUT', token, form })
/** The path of an absolute image URL, to fetch it from the service directly. */
const imagePath = (url: string) => url.replace(PUBLIC_API_URL, '')

describe('creating and reading a product', () => {
  it('creates a product from the multipart form and serves it as documented', async () => {
    const png = await sampleImage('png')
    const res = await create(productForm(fields(), { bytes: png }))
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      _id: expect.any(String),
      name: 'Paracetamol 650 mg Tablet',
      category: 'Pain & Fever',
      price: 30.91,
      description: 'Strip of 15 tablets for fever and pain.',
      image: expect.stringMatching(new RegExp(`^${PUBLIC_API_URL}/product/image/[a-f0-9]{32}$`)),
      thumbnail: `${res.body.image}/card`,
      picture: `${res.body.image}/large`,
      stock: 40,
      requiresPrescription: false,
      // The medicine facts a form leaves out take their defaults.
      schedule: 'OTC',
      composition: [],
      manufacturer: '',
      pack: '',
      packUnits: 1,
      mrp: 30.91,
      keyIngredients: [],
      hsnCode: '3004',
      gstRate: 5,
    })
    const byId = await ctx.api(`/product/productById?productId=${res.body._id}`)
    expect(byId.status).toBe(200)
    expect(byId.body).toEqual(res.body)
    const row = await ctx.service.db.product.findUniqueOrThrow({ where: { id: res.body._id } })
    expect(row.pricePaise).toBe(3091) // stored as integer paise
  })

  it('serves the image as uploaded, with an ETag and long cache headers, and a 400 px WebP card', async () => {
    const png = await sampleImage('png', 1200, 900)
    const made = await create(productForm(fields({ name: 'Image Check' }), { bytes: png }))
    const original = await fetch(`${ctx.service.url}${imagePath(made.body.image)}`)
    expect(original.status).toBe(200)
    expect(original.headers.get('content-type')).toBe('image/png')
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(original.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    const etag = original.headers.get('etag')!
    expect(etag).toBe(`"${createHash('sha256').update(png).digest('hex')}"`)
    expect(Buffer.from(await original.arrayBuffer()).equals(png)).toBe(true)

    const again = await fetch(`${ctx.service.url}${imagePath(made.body.image)}`, {
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)

    const card = await fetch(`${ctx.service.url}${imagePath(made.body.thumbnail)}`)
    expect(card.headers.get('content-type')).toBe('image/webp')
    const meta = await sharp(Buffer.from(await card.arrayBuffer())).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.width).toBe(400)

    // The product page's picture: an 800 px WebP, not the upload.
    const large = await fetch(`${ctx.service.url}${imagePath(made.body.picture)}`)
    expect(large.headers.get('content-type')).toBe('image/webp')
    expect(large.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const largeBytes = Buffer.from(await large.arrayBuffer())
    expect(await sharp(largeBytes).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 })
    expect(large.headers.get('etag')).toBe(`"${createHash('sha256').update(largeBytes).digest('hex')}"`)
  })

  it("makes the product page's WebP on first request for an image stored before that variant existed", async () => {
    const png = await sampleImage('png', 1000, 1000)
    const made = await create(productForm(fields({ name: 'Stored Before Large' }), { bytes: png }))
    const imageId = (made.body.image as string).split('/').pop() as string
    await ctx.service.db.$executeRawUnsafe(
      'UPDATE image SET large_data = NULL, large_etag = NULL WHERE id = $1',
      imageId,
    )
    const large = await fetch(`${ctx.service.url}${imagePath(made.body.picture)}`)
    expect(large.status).toBe(200)
    expect(await sharp(Buffer.from(await large.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
    })
    // Made once, then kept: the row has it, and the next answer is the same bytes.
    const [row] = await ctx.service.db.$queryRawUnsafe<{ etag: string | null }[]>(
      'SELECT large_etag AS etag FROM image WHERE id = $1',
      imageId,
    )
    expect(`"${row?.etag}"`).toBe(large.headers.get('etag'))
    const again = await fetch(`${ctx.service.url}${imagePath(made.body.picture)}`)
    expect(again.headers.get('etag')).toBe(large.headers.get('etag'))
  })

  it.each(['jpeg', 'gif', 'webp'] as const)(
    'accepts a %s image, recognised by its content',
    async (format) => {
      const bytes = await sampleImage(format, 300, 300)
      // The name and declared type lie; the content decides.
      const res = await create(
        productForm(fields({ name: `Format ${format}` }), {
          bytes,
          name: 'x.bin',
          type: 'application/octet-stream',
        }),
      )
      expect(res.status).toBe(201)
      const image = await fetch(`${ctx.service.url}${imagePath(res.body.image)}`)
      expect(image.headers.get('content-type')).toBe(`image/${format}`)
    },
  )

  it('keeps no metadata in the stored original: a phone photo’s EXIF (with where it was taken) is gone', async () => {
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12', Copyright: 'Asha Rao' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '12/1 58/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '77/1 35/1 0/1',
        },
      })
      .toBuffer()
    expect((await sharp(photo).metadata()).exif).toBeDefined() // the check below can fail
    const res = await create(
      productForm(fields({ name: 'Geotagged Syrup' }), { bytes: photo, type: 'image/jpeg' }),
    )
    expect(res.status).toBe(201)
    const image = await fetch(`${ctx.service.url}${imagePath(res.body.image)}`)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    const stored = Buffer.from(await image.arrayBuffer())
    const meta = await sharp(stored).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 480 })
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false)
  })

  it('draws a picture for a product created without an image', async () => {
    const res = await create(productForm(fields({ name: 'Triphala Churna 100 g', category: 'Ayurvedic' })))
    expect(res.status).toBe(201)
    const image = await fetch(`${ctx.service.url}${imagePath(res.body.image)}`)
    expect(image.status).toBe(200)
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('png')
  })

  it('accepts a JSON body too (without an image) and defaults stock to 0', async () => {
    const res = await ctx.api('/product', {
      method: 'POST',
      token: admin,
      json: { name: 'Vitamin C 500 mg', category: 'vitamins', price: 99, description: 'Chewable' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ category: 'Vitamins', price: 99, stock: 0, requiresPrescription: false })
  })

  it('publishes product.upserted with what the replicas read, and the stock apart for the cart', async () => {
    const res = await create(
      productForm(fields({ name: 'Event Check', requiresPrescription: 'true', stock: '7' })),
    )
    await ctx.events.until((events) =>
      events.some(
        (e) => e.type === 'product.upserted' && (e.data as { productId: string }).productId === res.body._id,
      ),
    )
    const event = ctx.events
      .ofType('product.upserted')
      .find((e) => (e.data as { productId: string }).productId === res.body._id)!
    expect(event.data).toEqual({
      productId: res.body._id,
      name: 'Event Check',
      category: 'Pain & Fever',
      price: 30.91,
      image: res.body.image,
      schedule: 'H',
      mrp: 30.91,
      hsnCode: '3004',
      gstRate: 5,
    })
    await ctx.events.until((events) =>
      events.some(
        (e) =>
          e.type === 'product.stock_changed' && (e.data as { productId: string }).productId === res.body._id,
      ),
    )
    expect(
      ctx.events
        .ofType('product.stock_changed')
        .find((e) => (e.data as { productId: string }).productId === res.body._id)?.data,
    ).toEqual({ productId: res.body._id, stock: 7 })
  })

  it('answers an unknown product with 404 and a malformed id with 400', async () => {
    expect(
      (await ctx.api('/product/productById?productId=6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f')).status,
    ).toBe(404)
    const malformed = await ctx.api('/product/productById?productId=abc')
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe('Invalid product id')
  })
})

describe('refusing bad product input', () => {
  it('refuses a customer with 403 and a guest with 401, creating nothing', async () => {
    const before = await ctx.service.db.product.count()
    expect((await create(productForm(fields({ name: 'Customer Made' })), ctx.issuer.customer())).status).toBe(
      403,
    )
    expect((await ctx.api('/product', { method: 'POST', form: productForm(fields()) })).status).toBe(401)
    expect(await ctx.service.db.product.count()).toBe(before)
  })

  it('refuses a file that is not an image with 415', async () => {
    const text = Buffer.from('this is not a picture, only text pretending to be one')
    const res = await create(
      productForm(fields({ name: 'Not An Image' }), { bytes: text, name: 'photo.png', type: 'image/png' }),
    )
    expect(res.status).toBe(415)
    expect(res.body.message).toBe('The image must be a PNG, JPEG, GIF or WebP file')
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')
    expect((await create(productForm(fields(), { bytes: svg, type: 'image/svg+xml' }))).status).toBe(415)
  })

  it('refuses a corrupt file that only starts like a PNG with 415', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(500, 7),
    ])
    expect((await create(productForm(fields({ name: 'Corrupt' }), { bytes: fake }))).status).toBe(415)
  })

  it('refuses an 11 MB upload with 413 and keeps nothing', async () => {
    const png = await sampleImage('png', 50, 50)
    const big = Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024 - png.length)])
    const before = await ctx.service.db.image.count()
    const res = await create(productForm(fields({ name: 'Too Big' }), { bytes: big }))
    expect(res.status).toBe(413)
    expect(res.body.message).toBe('The image must be at most 10 MB')
    expect(await ctx.service.db.image.count()).toBe(before)
    expect(await ctx.service.db.product.count({ where: { name: 'Too Big' } })).toBe(0)
  })

  it('refuses an unknown category with 400', async () => {
    const res = await create(productForm(fields({ category: 'Homeopathy' })))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Category "Homeopathy" does not exist')
  })

  it.each([
    [{ price: '0' }, 'Price must be more than 0'],
    [{ price: '-5' }, 'Price must be a number of rupees with at most 2 decimals'],
    [{ price: '12.345' }, 'Price must be a number of rupees with at most 2 decimals'],
    [{ price: 'ten' }, 'Price must be a number of rupees with at most 2 decimals'],
    [{ name: '   ' }, 'Product name is required'],
    [{ description: '' }, 'Description is required'],
    [{ stock: '-1' }, 'Stock must be a whole number of units, 0 or more'],
    [{ stock: '2.5' }, 'Stock must be a whole number of units, 0 or more'],
  ])('refuses %j with 400', async (over, message) => {
    const res = await create(productForm(fields(over)))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
  })
})

describe('medicine facts', () => {
  const facts = {
    schedule: 'h',
    composition: 'Paracetamol 325 mg + Aceclofenac 100mg',
    manufacturer: 'Medivance Pharma Ltd',
    pack: 'strip of 10 tablets',
    packUnits: '10',
    mrp: '124',
    hsnCode: '30049099',
    gstRate: '12',
  }

  it('stores and serves them from the multipart form, strengths in one spelling', async () => {
    const res = await create(productForm(fields({ name: 'Aceclo-Plus Tablet', price: '118', ...facts })))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      price: 118,
      mrp: 124,
      schedule: 'H',
      requiresPrescription: true,
      composition: [
        { salt: 'Paracetamol', strength: '325 mg' },
        { salt: 'Aceclofenac', strength: '100 mg' },
      ],
      manufacturer: 'Medivance Pharma Ltd',
      pack: 'strip of 10 tablets',
      packUnits: 10,
      keyIngredients: [],
      hsnCode: '30049099',
      gstRate: 12,
    })
    const row = await ctx.service.db.product.findUniqueOrThrow({ where: { id: res.body._id } })
    expect(row.compositionKey).toBe('aceclofenac|100 mg+paracetamol|325 mg')
  })

  it('keeps the facts an edit leaves out, and an MRP the new price stays under', async () => {
    const made = await create(
      productForm(
        fields({
          name: 'Triphala Churna 100 g',
          category: 'Ayurvedic',
          price: '90',
          mrp: '99',
          keyIngredients: 'Amalaki, Bibhitaki, Haritaki',
        }),
      ),
    )
    expect(made.body.keyIngredients).toEqual(['Amalaki', 'Bibhitaki', 'Haritaki'])
    const edited = await update(
      made.body._id,
      productForm(
        fields({ name: 'Triphala Churna 100 g', category: 'Ayurvedic', price: '85', schedule: 'X' }),
      ),
    )
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({
      price: 85,
      mrp: 99,
      schedule: 'X',
      requiresPrescription: false,
      keyIngredients: ['Amalaki', 'Bibhitaki', 'Haritaki'],
    })
    const raised = await update(
      made.body._id,
      productForm(fields({ name: 'Triphala Churna 100 g', category: 'Ayurvedic', price: '120' })),
    )
    expect(raised.body).toMatchObject({ price: 120, mrp: 120 })
  })

  it.each([
    [{ mrp: '20' }, 'mrp', 'MRP must be at least the price: a shop may sell below the MRP, never above it'],
    [{ composition: 'Paracetamol 500' }, 'composition', expect.stringMatching(/'500 mg'/)],
    [{ schedule: 'Y' }, 'schedule', 'Schedule must be one of OTC, H, H1, X'],
    [{ packUnits: '0' }, 'packUnits', 'Units per pack must be at least 1'],
    [{ hsnCode: '30 04' }, 'hsnCode', 'HSN code must be 4, 6 or 8 digits, like 3004 or 30049099'],
    [{ gstRate: '28' }, 'gstRate', 'GST rate must be 0, 5, 12 or 18 (percent)'],
  ])('refuses %j with 400 naming the field, creating nothing', async (bad, path, text) => {
    const before = await ctx.service.db.product.count()
    const res = await create(productForm(fields({ name: 'Bad Facts', ...bad })))
    expect(res.status).toBe(400)
    expect(res.body.errors).toContainEqual({ path, message: text })
    expect(await ctx.service.db.product.count()).toBe(before)
  })
})

describe('updating and deleting', () => {
  it('updates the fields, keeps the image when none is sent, and replaces it when one is', async () => {
    const made = await create(
      productForm(fields({ name: 'Ashwagandha Churna', category: 'Ayurvedic' }), {
        bytes: await sampleImage('png'),
      }),
    )
    const kept = await update(
      made.body._id,
      productForm(
        fields({ name: 'Ashwagandha Churna 100 g', category: 'Ayurvedic', price: '135', stock: '12' }),
      ),
    )
    expect(kept.status).toBe(200)
    expect(kept.body).toMatchObject({
      name: 'Ashwagandha Churna 100 g',
      price: 135,
      stock: 12,
      image: made.body.image,
    })

    const noStock = productForm({
      name: 'Ashwagandha Churna 100 g',
      category: 'Ayurvedic',
      price: '140',
      description: 'Root powder',
    })
    const unchangedStock = await update(made.body._id, noStock)
    expect(unchangedStock.body).toMatchObject({ price: 140, stock: 12, description: 'Root powder' })

    const replaced = await update(
      made.body._id,
      productForm(fields({ name: 'Ashwagandha Churna 100 g', category: 'Ayurvedic' }), {
        bytes: await sampleImage('jpeg'),
      }),
    )
    expect(replaced.status).toBe(200)
    expect(replaced.body.image).not.toBe(made.body.image)
    // The old picture is gone, the new one is served.
    expect((await fetch(`${ctx.service.url}${imagePath(made.body.image)}`)).status).toBe(404)
    expect((await fetch(`${ctx.service.url}${imagePath(replaced.body.image)}`)).status).toBe(200)
  })

  it('answers an update of an unknown product with 404 and a customer with 403', async () => {
    expect((await update('6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', productForm(fields()))).status).toBe(404)
    const made = await create(productForm(fields({ name: 'Guarded' })))
    expect(
      (await update(made.body._id, productForm(fields({ name: 'Hijacked' })), ctx.issuer.customer())).status,
    ).toBe(403)
    expect((await ctx.api(`/product/productById?productId=${made.body._id}`)).body.name).toBe('Guarded')
  })

  it('deletes a product (administrators only) and publishes product.deleted', async () => {
    const made = await create(productForm(fields({ name: 'Short Lived' })))
    expect(
      (
        await ctx.api(`/product?productId=${made.body._id}`, {
          method: 'DELETE',
          token: ctx.issuer.customer(),
        })
      ).status,
    ).toBe(403)
    const res = await ctx.api(`/product?productId=${made.body._id}`, { method: 'DELETE', token: admin })
    expect(res.status).toBe(200)
    expect((await ctx.api(`/product/productById?productId=${made.body._id}`)).status).toBe(404)
    expect(
      (await ctx.api(`/product?productId=${made.body._id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(404)
    await ctx.events.until((events) =>
      events.some(
        (e) => e.type === 'product.deleted' && (e.data as { productId: string }).productId === made.body._id,
      ),
    )
  })
})

describe('substitutes', () => {
  const make = async (name: string, over: Record<string, string>) =>
    (await create(productForm(fields({ name, stock: '10', ...over })))).body._id as string
  let branded: string

  beforeAll(async () => {
    const combo = { composition: 'Aceclofenac 150 mg + Paracetamol 500 mg', schedule: 'H' }
    branded = await make('Subst Brand', { ...combo, price: '120', packUnits: '10' }) // ₹12.00 a tablet
    await make('Subst Generic Big Pack', {
      composition: 'paracetamol 500mg + ACECLOFENAC 150 mg', // another order and spelling
      price: '150',
      packUnits: '20', // ₹7.50 a tablet
    })
    await make('Subst Generic', { ...combo, price: '80', packUnits: '10' }) // ₹8.00 a tablet
    await make('Subst Dearer', { ...combo, price: '130', mrp: '140', packUnits: '10' })
    await make('Subst Sold Out', { ...combo, price: '10', packUnits: '10', stock: '0' })
    await make('Subst Schedule X', { ...combo, price: '10', packUnits: '10', schedule: 'X' })
    await make('Subst Other Strength', {
      composition: 'Aceclofenac 100 mg + Paracetamol 500 mg',
      price: '10',
    })
    await make('Subst Extra Salt', {
      composition: 'Aceclofenac 150 mg + Paracetamol 500 mg + Serratiopeptidase 15 mg',
      price: '10',
    })
  })

  it('lists the same composition in stock and sold online, cheapest per unit first, with the saving', async () => {
    const res = await ctx.api(`/product/substitutes?productId=${branded}`)
    expect(res.status).toBe(200)
    expect(res.body.unitPrice).toBe(12)
    expect(
      res.body.substitutes.map(
        (s: { product: { name: string }; unitPrice: number; savingPercent: number }) => [
          s.product.name,
          s.unitPrice,
          s.savingPercent,
        ],
      ),
    ).toEqual([
      ['Subst Generic Big Pack', 7.5, 37],
      ['Subst Generic', 8, 33],
      ['Subst Dearer', 13, 0],
    ])
    expect(res.body.substitutes[0].product).toMatchObject({ packUnits: 20, mrp: 150, stock: 10 })
  })

  it('bounds the list by limit, and refuses a limit over 20', async () => {
    const res = await ctx.api(`/product/substitutes?productId=${branded}&limit=1`)
    expect(res.body.substitutes).toHaveLength(1)
    const tooMany = await ctx.api(`/product/substitutes?productId=${branded}&limit=21`)
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toMatch(/Limit must be at most 20/)
  })

  it('answers none for a product without a composition, 404 for an unknown one and 400 for a malformed id', async () => {
    const plain = await make('Subst No Composition', {})
    expect((await ctx.api(`/product/substitutes?productId=${plain}`)).body.substitutes).toEqual([])
    const unknown = await ctx.api('/product/substitutes?productId=6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f')
    expect(unknown.status).toBe(404)
    const malformed = await ctx.api('/product/substitutes?productId=abc')
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe('Invalid product id')
  })
})

describe('listing, searching and paging', () => {
  beforeAll(async () => {
    for (const [name, price] of [
      ['Dolo Paracetamol Syrup', '45'],
      ['PARACETAMOL Drops', '36'],
      ['100% Pure Neem', '140'],
    ])
      await ctx.api('/product', {
        method: 'POST',
        token: admin,
        json: { name, category: 'Ayurvedic', price, description: 'x' },
      })
  })

  it('answers a plain GET /product with every product as an array', async () => {
    const res = await ctx.api('/product')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body)).toBe(true)
    expect(res.body).toHaveLength(await ctx.service.db.product.count())
    expect(JSON.stringify(res.body)).not.toMatch(/base64/)
  })

  it('searches names by case-insensitive substring, then salts, taking % and _ literally', async () => {
    const found: { name: string; composition: { salt: string }[] }[] = (
      await ctx.api('/product?q=paraCETAMOL')
    ).body
    const names = found.map((p) => p.name)
    expect(names).toEqual(
      expect.arrayContaining(['Dolo Paracetamol Syrup', 'PARACETAMOL Drops', 'Paracetamol 650 mg Tablet']),
    )
    // Those named so first, then those holding it as a salt (the substitutes' products below).
    const named = names.filter((n) => /paracetamol/i.test(n)).length
    expect(names.slice(0, named).every((n) => /paracetamol/i.test(n))).toBe(true)
    expect(found.length).toBeGreaterThan(named)
    for (const product of found.slice(named))
      expect(product.composition.some((i) => /paracetamol/i.test(i.salt))).toBe(true)
    expect((await ctx.api('/product?q=100%25')).body.map((p: { name: string }) => p.name)).toEqual([
      '100% Pure Neem',
    ])
    expect((await ctx.api('/product?q=%25')).body).toHaveLength(1)
    expect((await ctx.api('/product?q=_')).body).toHaveLength(0)
  })

  it('filters by category name, and lists a category at /product/categoryProduct', async () => {
    const viaQuery = (await ctx.api('/product?category=ayurvedic')).body
    const viaRoute = (await ctx.api('/product/categoryProduct?category=Ayurvedic')).body
    expect(viaQuery.length).toBeGreaterThan(3)
    expect(viaRoute).toEqual(viaQuery)
    expect(viaRoute.every((p: { category: string }) => p.category === 'Ayurvedic')).toBe(true)
    expect((await ctx.api('/product/categoryProduct?category=Nothing')).body).toEqual([])
    expect((await ctx.api('/product/categoryProduct')).status).toBe(400)
  })

  it('pages with page and limit, answering { products, total, page, limit }', async () => {
    const total = await ctx.service.db.product.count()
    const first = await ctx.api('/product?page=1&limit=2&sort=price')
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ total, totalCapped: false, page: 1, limit: 2 })
    expect(first.body.products).toHaveLength(2)
    const second = await ctx.api('/product?page=2&limit=2&sort=price')
    const prices = [...first.body.products, ...second.body.products].map((p: { price: number }) => p.price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    expect(second.body.products[0]._id).not.toBe(first.body.products[1]._id)

    const searched = await ctx.api('/product?q=paracetamol&limit=24')
    const everyMatch = (await ctx.api('/product?q=paracetamol')).body
    expect(searched.body).toMatchObject({ page: 1, limit: 24, total: everyMatch.length })
    // Three named so; the others hold it as a salt, and the page says which.
    expect(searched.body.ingredientMatches).toHaveLength(everyMatch.length - 3)
    const desc = await ctx.api('/product?limit=100&sort=-name')
    const names = desc.body.products.map((p: { name: string }) => p.name)
    expect(names).toEqual([...names].sort().reverse())
  })

  it.each(['limit=0', 'limit=101', 'page=0', 'page=x', 'sort=cheapest'])(
    'refuses ?%s with 400',
    async (query) => {
      expect((await ctx.api(`/product?${query}`)).status).toBe(400)
    },
  )
})
