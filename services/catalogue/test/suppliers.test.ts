import { supplier as supplierSchema } from '@medstore/contracts/supplier'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCatalogue } from './helpers'

let ctx: Awaited<ReturnType<typeof startCatalogue>>
let admin: string

beforeAll(async () => {
  ctx = await startCatalogue()
  admin = ctx.issuer.admin()
})
afterAll(() => ctx?.close())

const fields = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ramesh Gupta',
  company: 'Gupta Pharma Distributors',
  address: '14 Nehru Place, New Delhi 110019',
  phone: '+91 98100 12345',
  email: 'Ramesh@GuptaPharma.in',
  ...overrides,
})
const create = (json: unknown, token = admin) => ctx.api('/supplier', { method: 'POST', token, json })
const update = (id: string, json: unknown, token = admin) =>
  ctx.api(`/supplier/${id}`, { method: 'PUT', token, json })
const list = (query = '', token = admin) => ctx.api(`/supplier${query}`, { token })

describe('suppliers', () => {
  it('adds an Active supplier with a normalised phone and e-mail', async () => {
    const res = await create(fields())
    expect(res.status).toBe(201)
    expect(supplierSchema.parse(res.body)).toEqual({
      _id: expect.any(String),
      name: 'Ramesh Gupta',
      company: 'Gupta Pharma Distributors',
      address: '14 Nehru Place, New Delhi 110019',
      phone: '9810012345',
      email: 'ramesh@guptapharma.in',
      status: 'Active',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
  })

  it('refuses bad fields naming each one, and a second supplier with the same e-mail', async () => {
    const bad = await create({
      name: ' ',
      company: 'X',
      address: 'Y',
      phone: '12345',
      email: 'not-an-email',
      status: 'Gone',
    })
    expect(bad.status).toBe(400)
    const paths = bad.body.errors.map((e: { path: string }) => e.path).sort()
    expect(paths).toEqual(['email', 'name', 'phone', 'status'])
    expect(bad.body.errors.find((e: { path: string }) => e.path === 'phone').message).toMatch(/Indian mobile/)
    const dup = await create(fields({ name: 'Someone Else', email: 'RAMESH@guptapharma.in' }))
    expect(dup.status).toBe(409)
    expect(dup.body.message).toBe('A supplier with the email ramesh@guptapharma.in exists already')
  })

  it('edits and deactivates a supplier, and brings it back', async () => {
    const { body: created } = await create(fields({ name: 'Sunita Menon', email: 'sunita@kochimed.in' }))
    const edited = await update(created._id, { company: 'Kochi Medical Agencies', phone: '9447012345' })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({
      company: 'Kochi Medical Agencies',
      phone: '9447012345',
      status: 'Active',
    })
    expect(edited.body.name).toBe('Sunita Menon')
    const off = await update(created._id, { status: 'Inactive' })
    expect(off.body.status).toBe('Inactive')
    const inactive = await list('?status=Inactive')
    expect(inactive.body.map((s: { _id: string }) => s._id)).toEqual([created._id])
    expect((await update(created._id, { status: 'Active' })).body.status).toBe('Active')
  })

  it('answers 404 for an unknown supplier, 400 for a bad id, an empty change or a taken e-mail as 409', async () => {
    expect((await update('5f0c6b9e-1111-4222-8333-444455556666', { status: 'Inactive' })).status).toBe(404)
    expect((await update('not-an-id', { status: 'Inactive' })).status).toBe(400)
    const { body: s } = await create(fields({ name: 'Imran Shaikh', email: 'imran@puneplus.in' }))
    const empty = await update(s._id, {})
    expect(empty.status).toBe(400)
    expect(empty.body.message).toMatch(/Nothing to change/)
    const taken = await update(s._id, { email: 'ramesh@guptapharma.in' })
    expect(taken.status).toBe(409)
  })

  it('lists by name, one bounded page at a time, with the total in X-Total-Count', async () => {
    for (let i = 1; i <= 12; i++)
      await create(
        fields({ name: `Zed Supplier ${String(i).padStart(2, '0')}`, email: `zed${i}@example.in` }),
      )
    const first = await list()
    expect(first.status).toBe(200)
    expect(first.body).toHaveLength(10)
    const total = Number(first.headers.get('x-total-count'))
    expect(total).toBe(15)
    const names = first.body.map((s: { name: string }) => s.name)
    expect(names.slice(0, 3)).toEqual(['Imran Shaikh', 'Ramesh Gupta', 'Sunita Menon'])
    const second = await list('?page=2')
    expect(second.body.map((s: { name: string }) => s.name)).toEqual([
      'Zed Supplier 08',
      'Zed Supplier 09',
      'Zed Supplier 10',
      'Zed Supplier 11',
      'Zed Supplier 12',
    ])
    const filtered = await list('?name=zed%20supplier%201&limit=2')
    expect(filtered.headers.get('x-total-count')).toBe('3')
    expect(filtered.body.map((s: { name: string }) => s.name)).toEqual(['Zed Supplier 10', 'Zed Supplier 11'])
    // The filter is text, not a pattern.
    expect((await list('?name=%25')).headers.get('x-total-count')).toBe('0')
    expect((await list('?limit=101')).status).toBe(400)
    expect((await list('?page=0')).status).toBe(400)
  })

  it('refuses text PostgreSQL cannot store (a NUL byte, a lone surrogate) with 400', async () => {
    const nul = await create(fields({ name: 'Bad\u0000Name', email: 'nul@example.in' }))
    expect(nul.status).toBe(400)
    // The contracts' one text rule names the field and the reason.
    expect(nul.body.errors).toEqual([
      {
        path: 'name',
        message: expect.stringContaining('NUL character'),
        code: 'unsafe_text',
        values: { reason: 'nul' },
      },
    ])
    const surrogate = await create(fields({ address: 'Lane \ud800 1', email: 'sur@example.in' }))
    expect(surrogate.status).toBe(400)
    expect((await list('?name=a%00b')).status).toBe(400)
    // A real emoji (a surrogate pair) is fine.
    expect((await create(fields({ company: 'Sunrise Pharma 🌅', email: 'sun@example.in' }))).status).toBe(201)
  })

  it('is for administrators only', async () => {
    const customer = ctx.issuer.customer()
    expect((await list('', customer)).status).toBe(403)
    expect((await create(fields({ email: 'x@example.in' }), customer)).status).toBe(403)
    expect((await ctx.api('/supplier')).status).toBe(401)
  })
})
