import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productForm, startCatalogue } from './helpers'

let ctx: Awaited<ReturnType<typeof startCatalogue>>

beforeAll(async () => {
  ctx = await startCatalogue()
  const admin = ctx.issuer.admin()
  for (const name of ['Pain & Fever', 'Ayurvedic'])
    await ctx.api('/category', { method: 'POST', token: admin, json: { name } })
  const products = [
    ['Paracetamol 650 mg Tablet', 'Pain & Fever'],
    ['Paracetamol 500 mg Tablet', 'Pain & Fever'],
    ['Pantoprazole 40 mg Tablet', 'Pain & Fever'],
    ['Ashwagandha Capsules', 'Ayurvedic'],
    ['Triphala Churna', 'Ayurvedic'],
  ]
  for (const [name, category] of products) {
    const form = productForm({ name: name!, category: category!, price: '40', description: 'x', stock: '5' })
    const res = await ctx.api('/product', { method: 'POST', token: admin, form })
    expect(res.status).toBe(201)
  }
})
afterAll(() => ctx?.close())

const names = (body: { name: string }[]) => body.map((p) => p.name)

describe('product search forgives a typing slip', () => {
  it("finds Paracetamol for 'paracetmol' in a page, closest first, and nothing unrelated", async () => {
    const res = await ctx.api('/product?q=paracetmol&page=1&limit=12')
    expect(res.status).toBe(200)
    expect(names(res.body.products).sort()).toEqual([
      'Paracetamol 500 mg Tablet',
      'Paracetamol 650 mg Tablet',
    ])
    expect(res.body).toMatchObject({ total: 2, totalCapped: false, page: 1, limit: 12 })
  })

  it("finds Ashwagandha for 'ashwagnda' in the documented array form too", async () => {
    const res = await ctx.api('/product?q=ashwagnda')
    expect(res.status).toBe(200)
    expect(names(res.body)).toEqual(['Ashwagandha Capsules'])
  })

  it('keeps the category filter on near matches', async () => {
    const res = await ctx.api('/product?q=ashwagnda&category=Pain%20%26%20Fever&page=1')
    expect(res.body.products).toEqual([])
    expect(res.body.total).toBe(0)
  })

  it('uses exact substring matches when there are any (no near matches mixed in)', async () => {
    const res = await ctx.api('/product?q=paracetamol%20650&page=1')
    expect(names(res.body.products)).toEqual(['Paracetamol 650 mg Tablet'])
  })

  it('finds nothing for text like no product, and does not guess on very short text', async () => {
    expect((await ctx.api('/product?q=zzqqxx&page=1')).body.total).toBe(0)
    expect((await ctx.api('/product?q=prc')).body).toEqual([])
  })
})
