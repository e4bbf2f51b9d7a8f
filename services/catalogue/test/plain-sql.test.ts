import { RESERVATIONS_PATH } from '@medstore/contracts/stock'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrismaClient } from '../src/generated/prisma/client'
import { catalogueService } from '../src/service'
import { internalHeaders, PUBLIC_API_URL, productForm, sampleImage, startCatalogue } from './helpers'

/**
 * The catalogue's reads and writes are plain SQL on its pool: once a first query loads Prisma's query
 * compiler it stays resident (~30 MB, bench/memory.bench.ts). So this catalogue's Prisma client fails
 * every query, and every route (and the demo seed at start) must still answer.
 */
const prismaQueries: string[] = []
const refusingPrisma = () =>
  new Proxy({ $disconnect: async () => undefined } as object, {
    get(target, key) {
      if (key in target) return Reflect.get(target, key)
      prismaQueries.push(String(key))
      throw new Error(`the catalogue used its Prisma client (${String(key)})`)
    },
  }) as PrismaClient

let ctx: Awaited<ReturnType<typeof startCatalogue>>
let admin: string

beforeAll(async () => {
  ctx = await startCatalogue({
    seed: true,
    definition: { ...catalogueService, createDb: refusingPrisma },
  })
  admin = ctx.issuer.admin()
})
afterAll(() => ctx?.close())

const path = (url: string) => url.replace(PUBLIC_API_URL, '')

describe('the catalogue without Prisma queries', () => {
  it('seeds the demo catalogue and serves listings, searches, products, pictures and shops', async () => {
    const list = await ctx.api('/product?limit=24&page=1')
    expect(list.status).toBe(200)
    expect(list.body.products.length).toBeGreaterThan(0)
    const product = list.body.products[0]
    expect((await ctx.api(`/product?q=${encodeURIComponent(product.name.slice(0, 5))}`)).status).toBe(200)
    expect((await ctx.api(`/product/productById?productId=${product._id}`)).body).toEqual(product)
    for (const url of [product.image, product.thumbnail]) {
      const picture = await fetch(`${ctx.service.url}${path(url)}`)
      expect(picture.status).toBe(200)
      expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(0)
    }
    const shops = await ctx.api('/shop')
    expect(shops.status).toBe(200)
    expect((await ctx.api(`/shop/${shops.body[0]._id}`)).body).toEqual(shops.body[0])
    expect((await ctx.api('/category')).body.length).toBeGreaterThan(0)
  })

  it('creates, edits and deletes categories and products, and reserves stock', async () => {
    const category = await ctx.api('/category', { method: 'POST', token: admin, json: { name: 'Plain SQL' } })
    expect(category.status).toBe(201)
    const dup = await ctx.api('/category', { method: 'POST', token: admin, json: { name: 'plain sql' } })
    expect(dup.status).toBe(409)
    const fields = {
      name: 'Plain Tablet',
      category: 'Plain SQL',
      price: '12.50',
      description: 'd',
      stock: '5',
    }
    const made = await ctx.api('/product', { method: 'POST', token: admin, form: productForm(fields) })
    expect(made.status).toBe(201)
    const png = await sampleImage('png', 64, 64)
    const edited = await ctx.api(`/product?productId=${made.body._id}`, {
      method: 'PUT',
      token: admin,
      form: productForm({ ...fields, price: '13' }, { bytes: png }),
    })
    expect(edited.body).toMatchObject({ price: 13, stock: 5 })
    expect(edited.body.image).not.toBe(made.body.image)
    const reserved = await ctx.api(RESERVATIONS_PATH, {
      method: 'POST',
      headers: internalHeaders,
      json: { orderId: 'plain-sql-order', items: [{ productId: made.body._id, quantity: 2 }] },
    })
    expect(reserved.status).toBe(200)
    expect((await ctx.api(`/product/productById?productId=${made.body._id}`)).body.stock).toBe(3)
    const inUse = await ctx.api(`/category?id=${category.body._id}`, { method: 'DELETE', token: admin })
    expect(inUse.status).toBe(409)
    const removed = await ctx.api(`/product?productId=${made.body._id}`, { method: 'DELETE', token: admin })
    expect(removed.status).toBe(200)
    expect(
      (await ctx.api(`/category?id=${category.body._id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(200)
  })

  it('adds, lists and edits suppliers', async () => {
    const supplier = { name: 'Plain Supplier', company: 'Plain Co', address: 'Pune', phone: '9876543210' }
    const made = await ctx.api('/supplier', {
      method: 'POST',
      token: admin,
      json: { ...supplier, email: 'plain@supplier.in' },
    })
    expect(made.status).toBe(201)
    const edited = await ctx.api(`/supplier/${made.body._id}`, {
      method: 'PUT',
      token: admin,
      json: { status: 'Inactive' },
    })
    expect(edited.body).toMatchObject({ ...supplier, status: 'Inactive' })
    const found = await ctx.api('/supplier?name=plain&status=Inactive', { token: admin })
    expect(found.body.map((s: { _id: string }) => s._id)).toEqual([made.body._id])
  })

  it('never touched its Prisma client', () => {
    expect(prismaQueries).toEqual([])
  })
})
