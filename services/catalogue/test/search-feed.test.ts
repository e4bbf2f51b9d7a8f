import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCatalogue } from './helpers'

// The search index lives in the service's memory. These writes bypass this instance, as another
// replica's or a bulk load's would: the table's triggers tell the index, which must catch up.
let ctx: Awaited<ReturnType<typeof startCatalogue>>
let admin: string
let made: { _id: string; image: string }

beforeAll(async () => {
  ctx = await startCatalogue()
  admin = ctx.issuer.admin()
  await ctx.api('/category', { method: 'POST', token: admin, json: { name: 'Pain & Fever' } })
  made = (
    await ctx.api('/product', {
      method: 'POST',
      token: admin,
      json: {
        name: 'Crocin Advance 500 mg',
        category: 'Pain & Fever',
        price: 30,
        description: 'x',
        stock: 9,
      },
    })
  ).body
})
afterAll(() => ctx?.close())

const names = async (q: string) =>
  ((await ctx.api(`/product?q=${encodeURIComponent(q)}&limit=24`)).body.products as { name: string }[]).map(
    (p) => p.name,
  )

describe('the search index follows the product table', () => {
  it("answers this instance's own write at once", async () => {
    expect(await names('crocin')).toEqual(['Crocin Advance 500 mg'])
  })

  it("shows another writer's insert, rename and delete", async () => {
    const [row] = await ctx.service.db.$queryRaw<{ id: string }[]>`
      INSERT INTO product (id, name, category_id, price_paise, mrp_paise, description, image_id, stock)
      SELECT gen_random_uuid(), 'Dolo 650 Tablet', category_id, 3300, 3300, 'x', image_id, 5
      FROM product WHERE id = ${made._id}::uuid RETURNING id::text AS id`
    await expect.poll(() => names('dolo')).toEqual(['Dolo 650 Tablet'])

    await ctx.service.db
      .$executeRaw`UPDATE product SET name = 'Calpol 650 Tablet' WHERE id = ${row!.id}::uuid`
    await expect.poll(() => names('calpol')).toEqual(['Calpol 650 Tablet'])
    expect(await names('dolo')).toEqual([])

    await ctx.service.db.$executeRaw`DELETE FROM product WHERE id = ${row!.id}::uuid`
    // The page's rows are read from the table, so 'calpol' finds no row at once; the count follows the
    // index, which hears of the delete a moment later.
    expect(await names('calpol')).toEqual([])
    await expect.poll(async () => (await ctx.api('/product?limit=24')).body.total).toBe(1)
  })

  it('shows the current stock without being told (the rows of a page are read from the table)', async () => {
    await ctx.service.db.$executeRaw`UPDATE product SET stock = 2 WHERE id = ${made._id}::uuid`
    const [product] = (await ctx.api('/product?q=crocin&limit=24')).body.products
    expect(product).toMatchObject({ _id: made._id, stock: 2 })
  })

  it('forgives a typing slip, and answers odd text with nothing or 400', async () => {
    expect(await names('crocn advance')).toEqual(['Crocin Advance 500 mg'])
    for (const q of ['%', '_'])
      expect((await ctx.api(`/product?q=${encodeURIComponent(q)}`)).body).toEqual([])
    expect((await ctx.api('/product?q=%00')).status).toBe(400) // the kit refuses NUL in any input
  })
})
