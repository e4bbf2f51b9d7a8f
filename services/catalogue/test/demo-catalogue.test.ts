import { startService } from '@medstore/service-kit'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueService } from '../src/service'
import { PUBLIC_API_URL, startCatalogue } from './helpers'

let ctx: Awaited<ReturnType<typeof startCatalogue>>

beforeAll(async () => {
  ctx = await startCatalogue({ seed: true })
})
afterAll(() => ctx?.close())

type Product = {
  _id: string
  name: string
  category: string
  price: number
  mrp: number
  image: string
  requiresPrescription: boolean
  schedule: string
  composition: { salt: string; strength: string }[]
  manufacturer: string
  pack: string
  packUnits: number
  keyIngredients: string[]
  hsnCode: string
  gstRate: number
}

describe('the demo catalogue', () => {
  it('seeds at least 60 products across at least 8 categories, ayurvedic and allopathic, in rupees', async () => {
    const products: Product[] = (await ctx.api('/product')).body
    const categories = (await ctx.api('/category')).body
    expect(products.length).toBeGreaterThanOrEqual(60)
    expect(categories.length).toBeGreaterThanOrEqual(8)
    expect(new Set(products.map((p) => p.category)).size).toBe(categories.length)
    expect(products.some((p) => p.category === 'Ayurvedic')).toBe(true)
    expect(products.some((p) => /mg Tablet/.test(p.name))).toBe(true)
    expect(products.some((p) => p.requiresPrescription)).toBe(true)
    expect(products.every((p) => p.price > 0 && /^\d+(\.\d{1,2})?$/.test(String(p.price)))).toBe(true)
  })

  it('carries medicine facts: schedules, shared compositions, makers, packs, discounts, ingredients, GST', async () => {
    const products: Product[] = (await ctx.api('/product')).body
    expect(new Set(products.map((p) => p.schedule))).toEqual(new Set(['OTC', 'H', 'H1', 'X']))
    expect(
      products.every((p) => p.requiresPrescription === (p.schedule === 'H' || p.schedule === 'H1')),
    ).toBe(true)
    expect(products.every((p) => p.manufacturer && p.pack && p.packUnits >= 1 && p.mrp >= p.price)).toBe(true)
    expect(products.filter((p) => p.mrp > p.price).length).toBeGreaterThan(products.length / 2)
    // Compositions several products share, a brand beside a generic (another maker).
    const byComposition = new Map<string, Product[]>()
    for (const p of products.filter((p) => p.composition.length > 0)) {
      const key = p.composition
        .map((i) => `${i.salt.toLowerCase()} ${i.strength}`)
        .sort()
        .join('+')
      byComposition.set(key, [...(byComposition.get(key) ?? []), p])
    }
    const shared = [...byComposition.values()].filter(
      (group) => new Set(group.map((p) => p.manufacturer)).size >= 2,
    )
    expect(shared.length).toBeGreaterThanOrEqual(8)
    const ayurvedic = products.filter((p) => p.category === 'Ayurvedic')
    expect(ayurvedic.every((p) => p.keyIngredients.length > 0 && p.composition.length === 0)).toBe(true)
    expect(products.every((p) => /^(\d{4}|\d{6}|\d{8})$/.test(p.hsnCode))).toBe(true)
    expect(products.filter((p) => p.hsnCode === '3004').length).toBeGreaterThan(products.length / 2)
    expect(new Set(products.map((p) => p.gstRate))).toEqual(new Set([5, 18]))
  })

  it('serves a locally drawn picture for every product', async () => {
    const products: Product[] = (await ctx.api('/product')).body
    expect(new Set(products.map((p) => p.image)).size).toBe(products.length)
    const res = await fetch(`${ctx.service.url}${products[0]!.image.replace(PUBLIC_API_URL, '')}/card`)
    expect(res.status).toBe(200)
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(400)
  })

  it('publishes product.upserted for every seeded product, so replicas fill on first start', async () => {
    const count = await ctx.service.db.product.count()
    await ctx.events.until((events) => events.filter((e) => e.type === 'product.upserted').length >= count)
    const ids = new Set(
      ctx.events.ofType('product.upserted').map((e) => (e.data as { productId: string }).productId),
    )
    expect(ids.size).toBe(count)
  })

  it('does not seed again on a restart', async () => {
    const before = await ctx.service.db.product.count()
    const again = await startService(catalogueService, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATABASE_URL: ctx.service.config.DATABASE_URL,
      AMQP_URL: ctx.service.config.AMQP_URL,
      BUS_NAMESPACE: ctx.service.config.BUS_NAMESPACE,
      JWKS_URL: ctx.service.config.JWKS_URL,
    })
    await again.stop()
    expect(await ctx.service.db.product.count()).toBe(before)
    expect(await ctx.service.db.shop.count()).toBe((await ctx.api('/shop')).body.length)
  })
})

describe('shops', () => {
  it('lists the demo shops with their pictures and open/closed status', async () => {
    const res = await ctx.api('/shop')
    expect(res.status).toBe(200)
    expect(res.body.length).toBeGreaterThanOrEqual(6)
    const shop = res.body[0]
    expect(shop).toMatchObject({
      _id: expect.any(String),
      name: expect.any(String),
      city: expect.any(String),
      location: expect.any(String),
      postalCode: expect.stringMatching(/^\d{6}$/),
      phone: expect.stringMatching(/^\+91/),
      rating: expect.any(Number),
      status: expect.stringMatching(/^(Open|Closed)$/),
      logo: expect.stringMatching(new RegExp(`^${PUBLIC_API_URL}/product/image/`)),
      banner: expect.stringMatching(new RegExp(`^${PUBLIC_API_URL}/product/image/`)),
    })
    expect(new Set(res.body.map((s: { status: string }) => s.status))).toEqual(new Set(['Open', 'Closed']))
    const logo = await fetch(`${ctx.service.url}${shop.logo.replace(PUBLIC_API_URL, '')}`)
    expect(logo.status).toBe(200)
    expect(logo.headers.get('content-type')).toBe('image/png')
  })

  it('answers one shop by id, 404 for an unknown one and 400 for a malformed one', async () => {
    const [first] = (await ctx.api('/shop')).body
    const one = await ctx.api(`/shop/${first._id}`)
    expect(one.status).toBe(200)
    expect(one.body).toEqual(first)
    expect((await ctx.api('/shop/6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f')).status).toBe(404)
    expect((await ctx.api('/shop/abc')).status).toBe(400)
  })
})
