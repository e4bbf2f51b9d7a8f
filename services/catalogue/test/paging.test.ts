import { PRODUCT_COUNT_CAP } from '@medstore/contracts/catalogue'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertSyntheticCatalogue } from '../../../bench/fixtures/synthetic-catalogue'
import { ingredientsText } from '../src/domain/search'
import { startCatalogue } from './helpers'

// A catalogue larger than the count cap, so both query plans of a page are exercised.
const SIZE = 7_000
let ctx: Awaited<ReturnType<typeof startCatalogue>>

beforeAll(async () => {
  ctx = await startCatalogue()
  await insertSyntheticCatalogue(ctx.service.config.DATABASE_URL, SIZE)
})
afterAll(() => ctx?.close())

type Page = { products: { name: string; price: number }[]; total: number; totalCapped: boolean }
const page = async (query: string): Promise<Page> => {
  const res = await ctx.api(`/product?${query}`)
  expect(res.status).toBe(200)
  return res.body
}
/** The whole catalogue, read as a client must now: page by page (no list answers more than 100). */
async function allProducts<T>(): Promise<T[]> {
  const all: T[] = []
  for (let n = 1; ; n++) {
    const { products } = (await page(`limit=100&page=${n}`)) as unknown as { products: T[] }
    all.push(...products)
    if (products.length < 100) return all
  }
}
const sorted = (names: string[]) => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))

describe('paging a large catalogue', () => {
  it('counts up to the cap and says when more match', async () => {
    const all = await page('limit=24')
    expect(all).toMatchObject({ total: PRODUCT_COUNT_CAP, totalCapped: true })
    expect(all.products).toHaveLength(24)
    expect(all.products.map((p) => p.name)).toEqual(sorted(all.products.map((p) => p.name)))
  })

  it('counts exactly below the cap, and pages by name in either plan, names before salts', async () => {
    const unpaged = await ctx.api('/product')
    expect(unpaged.body).toHaveLength(100)
    type Listed = {
      name: string
      composition: { salt: string; strength: string }[]
      keyIngredients: string[]
    }
    const everything = await allProducts<Listed>()
    expect(everything).toHaveLength(SIZE)
    const capped: boolean[] = []
    for (const term of ['paracetamol', 'zenova', 'mg', 'a', 'caffeine']) {
      const named = (p: Listed) => p.name.toLowerCase().includes(term)
      const holds = (p: Listed) =>
        !named(p) && ingredientsText(p.composition, p.keyIngredients).toLowerCase().includes(term)
      const matching = [
        ...sorted(everything.filter(named).map((p) => p.name)),
        ...sorted(everything.filter(holds).map((p) => p.name)),
      ]
      const first = await page(`q=${term}&limit=50`)
      expect(first.total).toBe(Math.min(matching.length, PRODUCT_COUNT_CAP))
      expect(first.totalCapped).toBe(matching.length > PRODUCT_COUNT_CAP)
      capped.push(first.totalCapped)
      expect(first.products.map((p) => p.name)).toEqual(matching.slice(0, 50))
      const third = await page(`q=${term}&limit=50&page=3`)
      expect(third.products.map((p) => p.name)).toEqual(matching.slice(100, 150))
    }
    expect(capped).toContain(true) // both plans ran
    expect(capped).toContain(false)
  })

  it('pages a category, alone and with a search, in name or price order', async () => {
    const everything = await allProducts<{ name: string; category: string; price: number }>()
    const ayurvedic = everything.filter((p) => p.category === 'Ayurvedic')
    const byName = await page('category=ayurvedic&limit=30&page=2')
    expect(byName.total).toBe(ayurvedic.length)
    expect(byName.products.map((p) => p.name)).toEqual(sorted(ayurvedic.map((p) => p.name)).slice(30, 60))
    const byPrice = await page('category=Ayurvedic&limit=30&sort=-price')
    expect(byPrice.products.map((p) => p.price)).toEqual(
      ayurvedic
        .map((p) => p.price)
        .sort((a, b) => b - a)
        .slice(0, 30),
    )
    const tulsi = ayurvedic.filter((p) => p.name.toLowerCase().includes('tulsi'))
    const searched = await page('category=Ayurvedic&q=TULSI&limit=100')
    expect(searched.total).toBe(tulsi.length)
    expect(searched.products.map((p) => p.name)).toEqual(sorted(tulsi.map((p) => p.name)))
    expect(await page('category=Nothing&limit=10')).toMatchObject({
      products: [],
      total: 0,
      totalCapped: false,
    })
  })

  it('goes on paging past the cap', async () => {
    const beyond = await page(`limit=100&page=${PRODUCT_COUNT_CAP / 100 + 2}&sort=price`)
    expect(beyond.products).toHaveLength(100)
    const prices = beyond.products.map((p) => p.price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    expect((await page(`limit=100&page=${SIZE / 100 + 1}`)).products).toHaveLength(0)
  })
})
