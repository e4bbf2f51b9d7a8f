import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productForm, startCatalogue } from './helpers'

// Searching a salt or a key ingredient finds every product holding it: those named so first, then the
// ones that hold it only in their composition or key ingredients (the page says which, as
// ingredientMatches); the index hears of a changed composition whoever writes it.
let ctx: Awaited<ReturnType<typeof startCatalogue>>
let admin: string
const ids = new Map<string, string>()

type Page = { products: { _id: string; name: string }[]; total: number; ingredientMatches: string[] }

beforeAll(async () => {
  ctx = await startCatalogue()
  admin = ctx.issuer.admin()
  for (const name of ['Pain & Fever', 'Ayurvedic'])
    await ctx.api('/category', { method: 'POST', token: admin, json: { name } })
  const products: [string, string, Record<string, string>][] = [
    ['Paracetamol 650 mg Tablet', 'Pain & Fever', { composition: 'Paracetamol 650 mg', price: '30' }],
    ['Pyrexon 650 Tablet', 'Pain & Fever', { composition: 'Paracetamol 650 mg', price: '20' }],
    [
      'Aceclo-Plus Tablet',
      'Pain & Fever',
      { composition: 'Aceclofenac 100 mg + Paracetamol 325 mg', price: '60' },
    ],
    ['Ibuprofen 400 mg Tablet', 'Pain & Fever', { composition: 'Ibuprofen 400 mg', price: '25' }],
    ['Calm Mind Capsule', 'Ayurvedic', { keyIngredients: 'Ashwagandha, Brahmi', price: '200' }],
    ['Ashwagandha Churna 100 g', 'Ayurvedic', { keyIngredients: 'Ashwagandha', price: '150' }],
  ]
  for (const [name, category, facts] of products) {
    const form = productForm({ name, category, description: 'x', stock: '5', ...facts })
    const res = await ctx.api('/product', { method: 'POST', token: admin, form })
    expect(res.status).toBe(201)
    ids.set(name, res.body._id)
  }
})
afterAll(() => ctx?.close())

const search = async (query: string): Promise<Page> => {
  const res = await ctx.api(`/product?${query}`)
  expect(res.status).toBe(200)
  return res.body
}
const names = (page: Page) => page.products.map((p) => p.name)
const named = (page: Page) =>
  page.ingredientMatches.map((id) => page.products.find((p) => p._id === id)!.name)

describe('searching a salt or key ingredient', () => {
  it('finds every product holding the salt, named ones first, and says which matched by their composition', async () => {
    for (const q of ['paracetamol', 'PARACETAMOL', 'Para']) {
      const page = await search(`q=${q}&page=1&limit=24`)
      expect(names(page)).toEqual(['Paracetamol 650 mg Tablet', 'Aceclo-Plus Tablet', 'Pyrexon 650 Tablet'])
      expect(named(page)).toEqual(['Aceclo-Plus Tablet', 'Pyrexon 650 Tablet'])
      expect(page.total).toBe(3)
    }
  })

  it('orders each group by the sort asked for, and keeps the category', async () => {
    const cheapest = await search('q=paracetamol&sort=price&page=1&limit=24')
    expect(names(cheapest)).toEqual(['Paracetamol 650 mg Tablet', 'Pyrexon 650 Tablet', 'Aceclo-Plus Tablet'])
    expect((await search('q=paracetamol&category=Ayurvedic&page=1')).total).toBe(0)
    // Later pages continue into the second group.
    const second = await search('q=paracetamol&page=2&limit=2')
    expect(names(second)).toEqual(['Pyrexon 650 Tablet'])
    expect(named(second)).toEqual(['Pyrexon 650 Tablet'])
  })

  it('finds an ayurvedic key ingredient, and forgives a typing slip in a salt', async () => {
    const herb = await search('q=ashwagandha&page=1')
    expect(names(herb)).toEqual(['Ashwagandha Churna 100 g', 'Calm Mind Capsule'])
    expect(named(herb)).toEqual(['Calm Mind Capsule'])
    const slip = await search('q=paracetmol&page=1')
    expect(names(slip)).toEqual(['Paracetamol 650 mg Tablet', 'Aceclo-Plus Tablet', 'Pyrexon 650 Tablet'])
    expect(named(slip)).toEqual(['Aceclo-Plus Tablet', 'Pyrexon 650 Tablet'])
  })

  it('answers the documented array form with the same products', async () => {
    const res = await ctx.api('/product?q=brahmi')
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(['Calm Mind Capsule'])
  })

  it('follows a composition changed by the back office and by another writer', async () => {
    const id = ids.get('Ibuprofen 400 mg Tablet')!
    const form = productForm({
      name: 'Ibuprofen 400 mg Tablet',
      category: 'Pain & Fever',
      price: '25',
      description: 'x',
      composition: 'Ibuprofen 400 mg + Paracetamol 325 mg',
    })
    expect((await ctx.api(`/product?productId=${id}`, { method: 'PUT', token: admin, form })).status).toBe(
      200,
    )
    expect(names(await search('q=paracetamol&page=1'))).toContain('Ibuprofen 400 mg Tablet')

    // Another replica or a bulk load: the table's trigger tells the index.
    const pyrexon = ids.get('Pyrexon 650 Tablet')!
    await ctx.service.db
      .$executeRaw`UPDATE product SET composition = '[{"salt":"Nimesulide","strength":"100 mg"}]'::jsonb
      WHERE id = ${pyrexon}::uuid`
    await expect.poll(async () => names(await search('q=nimesulide&page=1'))).toEqual(['Pyrexon 650 Tablet'])
    expect(names(await search('q=paracetamol&page=1'))).not.toContain('Pyrexon 650 Tablet')
    await ctx.service.db.$executeRaw`UPDATE product SET key_ingredients = '["Shankhpushpi"]'::jsonb
      WHERE id = ${ids.get('Calm Mind Capsule')!}::uuid`
    await expect.poll(async () => names(await search('q=shankhpushpi&page=1'))).toEqual(['Calm Mind Capsule'])
  })
})
