import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productForm, startCatalogue } from './helpers'

let ctx: Awaited<ReturnType<typeof startCatalogue>>
let admin: string
let customer: string

beforeAll(async () => {
  ctx = await startCatalogue()
  admin = ctx.issuer.admin()
  customer = ctx.issuer.customer()
})
afterAll(() => ctx?.close())

const create = (name: unknown, token = admin) =>
  ctx.api('/category', { method: 'POST', token, json: { name } })

describe('categories', () => {
  it('creates a category from a trimmed name and lists categories sorted by name, ignoring case', async () => {
    const res = await create('  Ayurvedic  ')
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ _id: expect.any(String), name: 'Ayurvedic' })
    await create('vitamins')
    await create('Cold & Cough')
    const list = await ctx.api('/category')
    expect(list.status).toBe(200)
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(['Ayurvedic', 'Cold & Cough', 'vitamins'])
    expect(Object.keys(list.body[0]).sort()).toEqual(['_id', 'name'])
  })

  it.each(['', '   ', undefined])('refuses an empty name (%j) with the documented message', async (name) => {
    const res = await create(name)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Category name cannot be empty')
  })

  it('refuses a name that exists already in any case with 409', async () => {
    await create('Skin Care')
    const res = await create(' skin care ')
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/exists already/)
  })

  it('lets only administrators create and delete (401 for guests, 403 for customers)', async () => {
    expect((await ctx.api('/category', { method: 'POST', json: { name: 'Guest' } })).status).toBe(401)
    expect((await create('Customer', customer)).status).toBe(403)
    const made = await create('Temporary')
    expect(
      (await ctx.api(`/category?id=${made.body._id}`, { method: 'DELETE', token: customer })).status,
    ).toBe(403)
    expect((await ctx.api(`/category?id=${made.body._id}`, { method: 'DELETE' })).status).toBe(401)
    const names = (await ctx.api('/category')).body.map((c: { name: string }) => c.name)
    expect(names).not.toContain('Customer')
    expect(names).toContain('Temporary')
  })

  it('deletes an unused category and publishes category.deleted', async () => {
    const made = await create('Seasonal')
    const res = await ctx.api(`/category?id=${made.body._id}`, { method: 'DELETE', token: admin })
    expect(res.status).toBe(200)
    expect((await ctx.api('/category')).body.map((c: { name: string }) => c.name)).not.toContain('Seasonal')
    await ctx.events.until((events) =>
      events.some((e) => e.type === 'category.deleted' && (e.data as { name: string }).name === 'Seasonal'),
    )
    expect(ctx.events.ofType('category.deleted').at(-1)!.data).toEqual({
      categoryId: made.body._id,
      name: 'Seasonal',
    })
  })

  it('answers an unknown id with 404 and a malformed one with 400', async () => {
    const unknown = await ctx.api('/category?id=6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', {
      method: 'DELETE',
      token: admin,
    })
    expect(unknown.status).toBe(404)
    expect((await ctx.api('/category?id=nope', { method: 'DELETE', token: admin })).status).toBe(400)
    expect((await ctx.api('/category', { method: 'DELETE', token: admin })).status).toBe(400)
  })

  it('refuses to delete a category products still use, saying how many', async () => {
    const made = await create('Heart Care')
    for (const name of ['Amlodipine 5 mg Tablet', 'Telmisartan 40 mg Tablet']) {
      const res = await ctx.api('/product', {
        method: 'POST',
        token: admin,
        form: productForm({ name, category: 'heart care', price: '30', description: 'Blood pressure' }),
      })
      expect(res.status).toBe(201)
    }
    const res = await ctx.api(`/category?id=${made.body._id}`, { method: 'DELETE', token: admin })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Category "Heart Care" is used by 2 products; move or delete them first')
    expect((await ctx.api('/category')).body.map((c: { name: string }) => c.name)).toContain('Heart Care')
  })
})
