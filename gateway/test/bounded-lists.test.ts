import { describe, expect, it } from 'vitest'
import { insertSyntheticCatalogue } from '../../bench/fixtures/synthetic-catalogue'
import { conformanceProblem } from './openapi-conformance'
import { useTestShop } from './support'

/**
 * No list answers more than 100 items, whatever the client asks: without page and limit it is the first
 * page (still the documented array), with X-Total-Count and Link so a client can find the rest.
 */
const PRODUCTS = 250

const shop = useTestShop({
  record: true,
  customer: true,
  prepare: async (running) => {
    const catalogue = running.get('catalogue') as unknown as { config: { DATABASE_URL: string } }
    await insertSyntheticCatalogue(catalogue.config.DATABASE_URL, PRODUCTS)
  },
})

const get = (path: string, token?: string) =>
  fetch(`${shop.gateway.url}${path}`, { headers: token ? { authorization: `bearer ${token}` } : {} })

/** rel → URL of a Link header. */
const links = (header: string | null) =>
  Object.fromEntries(
    [...(header ?? '').matchAll(/<([^>]+)>; rel="(\w+)"/g)].map((m) => [m[2]!, decodeURIComponent(m[1]!)]),
  )

describe('bounded lists', () => {
  it('answers GET /product without paging with the first 100 as an array, and how to get the rest', async () => {
    const res = await get('/product')
    expect(res.status).toBe(200)
    const body = (await res.json()) as unknown[]
    expect(Array.isArray(body)).toBe(true)
    expect(body).toHaveLength(100)
    expect(res.headers.get('x-total-count')).toBe(String(PRODUCTS))
    expect(links(res.headers.get('link'))).toEqual({
      first: '/product?page=1&limit=100',
      next: '/product?page=2&limit=100',
      last: '/product?page=3&limit=100',
    })
  })

  it('follows the next link to the last page, keeping the other query parameters', async () => {
    const first = await get('/product?sort=name&page=3&limit=100')
    const body = (await first.json()) as { products: unknown[]; total: number }
    expect(body.products).toHaveLength(PRODUCTS - 200)
    expect(links(first.headers.get('link'))).toMatchObject({
      prev: '/product?sort=name&page=2&limit=100',
      last: '/product?sort=name&page=3&limit=100',
    })
    expect(links(first.headers.get('link')).next).toBeUndefined()
  })

  it('lets a browser on the shop’s origin read the paging headers', async () => {
    const res = await fetch(`${shop.gateway.url}/shop`, { headers: { origin: 'http://localhost:3000' } })
    const exposed = res.headers.get('access-control-expose-headers') ?? ''
    expect(exposed).toContain('x-total-count')
    expect(exposed).toContain('link')
  })

  it('refuses a page larger than 100', async () => {
    expect((await get('/product?limit=101')).status).toBe(400)
    expect((await get('/shop?limit=1000')).status).toBe(400)
  })

  it('bounds a category’s products too', async () => {
    const all = (await (await get('/product?limit=1')).json()) as { products: Array<{ category: string }> }
    const category = all.products[0]!.category
    const res = await get(`/product/categoryProduct?category=${encodeURIComponent(category)}`)
    const body = (await res.json()) as unknown[]
    expect(body.length).toBeLessThanOrEqual(100)
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(body.length)
    expect(links(res.headers.get('link')).first).toMatch(/page=1&limit=100/)
  })

  it.each([
    ['/user', 'admin'],
    ['/message', 'admin'],
    ['/order', 'admin'],
    ['/order/user-order', 'customer'],
    ['/message/notifications', 'customer'],
    ['/review?productId=0b5c2a8e-4f1d-4c3a-9e7b-2d6f8a1c3e5f', 'guest'],
    ['/shop', 'guest'],
  ])('answers %s (%s) unpaged with X-Total-Count and Link', async (path, who) => {
    const res = await get(path, who === 'admin' ? shop.admin : who === 'customer' ? shop.customer : undefined)
    expect(res.status).toBe(200)
    const total = Number(res.headers.get('x-total-count'))
    expect(Number.isInteger(total)).toBe(true)
    const rels = links(res.headers.get('link'))
    expect(rels.first).toMatch(/[?&]page=1&limit=100$/)
    expect(rels.last).toMatch(/[?&]page=\d+&limit=100$/)
    const body = await res.json()
    const items = Array.isArray(body) ? body : (body as { orders: unknown[] }).orders
    expect(items.length).toBeLessThanOrEqual(100)
    expect(items.length).toBe(Math.min(total, 100))
  })

  it('answers only as the OpenAPI document says (every exchange above, validated)', () => {
    expect(shop.exchanges.length).toBeGreaterThan(5)
    expect(shop.exchanges.map(conformanceProblem).filter(Boolean)).toEqual([])
  })
})
