import { startTestService, startTokenIssuer, type TestService } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrismaClient as MessagingDb } from '../src/generated/prisma/client'
import { messagingService } from '../src/service'

let issuer: Awaited<ReturnType<typeof startTokenIssuer>>
let service: TestService<MessagingDb, unknown>
let lastIp = 0

beforeAll(async () => {
  issuer = await startTokenIssuer()
  service = (await startTestService(messagingService, {
    JWKS_URL: issuer.jwksUrl,
    CONTACT_RATE_LIMIT: '3',
    CONTACT_RATE_WINDOW_MS: '60000',
  })) as TestService<MessagingDb, unknown>
})

afterAll(async () => {
  await service?.close()
  await issuer?.close()
})

/** A client address of its own (as the gateway forwards it), so each test has its own rate-limit budget. */
const newClientIp = () => `198.51.100.${++lastIp}`

async function send(body: unknown, ip = newClientIp()) {
  const res = await fetch(`${service.url}/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

async function list(query = '', token: string | null = issuer.admin()) {
  const res = await fetch(`${service.url}/message${query}`, {
    headers: token ? { authorization: `bearer ${token}` } : {},
  })
  return { status: res.status, body: await res.json(), total: res.headers.get('x-total-count') }
}

const NOT_INDIAN = 'Enter a valid Indian mobile number (10 digits, optionally with +91)'

describe('POST /message', () => {
  it('takes a message from a guest and stores it with the phone number as 10 digits', async () => {
    const res = await send({ phoneNumber: '+91 98765-43210', message: '  Do you have Chyawanprash 1 kg?  ' })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      _id: expect.any(String),
      phoneNumber: '9876543210',
      message: 'Do you have Chyawanprash 1 kg?',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    const stored = await service.db.contactMessage.findUnique({ where: { id: res.body._id } })
    expect(stored?.message).toBe('Do you have Chyawanprash 1 kg?')
  })

  it('takes a message from a signed-in customer too', async () => {
    const res = await fetch(`${service.url}/message`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': newClientIp(),
        authorization: `bearer ${issuer.customer()}`,
      },
      body: JSON.stringify({ phoneNumber: '9123456789', message: 'Please call me' }),
    })
    expect(res.status).toBe(201)
  })

  it.each([
    ['no phone number', { message: 'hello' }, 'Phone number is required'],
    ['a blank phone number', { phoneNumber: '  ', message: 'hello' }, 'Phone number is required'],
    ['a short number', { phoneNumber: '12345', message: 'hello' }, NOT_INDIAN],
    ['a UK number', { phoneNumber: '+44 7911 123456', message: 'hello' }, NOT_INDIAN],
    ['no message', { phoneNumber: '9876543210' }, 'Message is required'],
    ['a blank message', { phoneNumber: '9876543210', message: '   ' }, 'Message is required'],
    [
      '2,001 characters',
      { phoneNumber: '9876543210', message: 'x'.repeat(2001) },
      'Message must be at most 2000 characters',
    ],
  ])('refuses %s with 400 and stores nothing', async (_label, body, message) => {
    const before = await service.db.contactMessage.count()
    const res = await send(body)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
    expect(await service.db.contactMessage.count()).toBe(before)
  })

  it('takes a message of exactly 2,000 characters', async () => {
    expect((await send({ phoneNumber: '9876543210', message: 'x'.repeat(2000) })).status).toBe(201)
  })

  it('limits how many messages one client address sends, and only that address', async () => {
    const ip = newClientIp()
    const body = { phoneNumber: '9876543210', message: 'spam?' }
    // Refused messages (a mistyped number) do not count against the address.
    for (let i = 0; i < 5; i++) expect((await send({ ...body, phoneNumber: '12345' }, ip)).status).toBe(400)
    for (let i = 0; i < 3; i++) expect((await send(body, ip)).status).toBe(201)
    const limited = await send(body, ip)
    expect(limited.status).toBe(429)
    expect(limited.body.message).toBe('Too many messages from your connection. Please try again later.')
    expect((await send(body, newClientIp())).status).toBe(201)
  })
})

describe('GET /message', () => {
  it('is for administrators: 401 for a guest, 403 for a customer', async () => {
    expect((await list('', null)).status).toBe(401)
    const customer = await list('', issuer.customer())
    expect(customer.status).toBe(403)
    expect(customer.body).toEqual({ message: 'Only administrators can do this', code: 'forbidden' })
  })

  it('lists every message newest first with _id, phoneNumber, message, createdAt', async () => {
    const texts = ['first', 'second', 'third'].map((t) => `${t} ${Math.random()}`)
    for (const message of texts) await send({ phoneNumber: '9000000001', message })
    const res = await list()
    expect(res.status).toBe(200)
    const mine = res.body.filter((m: { message: string }) => texts.includes(m.message))
    expect(mine.map((m: { message: string }) => m.message)).toEqual([...texts].reverse())
    expect(Object.keys(mine[0]).sort()).toEqual(['_id', 'createdAt', 'message', 'phoneNumber'])
    const dates = res.body.map((m: { createdAt: string }) => Date.parse(m.createdAt))
    expect([...dates].sort((a, b) => b - a)).toEqual(dates)
    expect(res.body).toHaveLength(await service.db.contactMessage.count())
  })

  it('filters with q and pages with page and limit', async () => {
    for (const n of [1, 2, 3]) await send({ phoneNumber: `7700000${n}00`, message: `Need Triphala ${n}` })
    const byPhone = await list('?q=77000002')
    expect(byPhone.body.map((m: { message: string }) => m.message)).toEqual(['Need Triphala 2'])
    const byText = await list('?q=triphala')
    expect(byText.body).toHaveLength(3)

    const page = await list('?q=triphala&page=2&limit=2')
    expect(page.body.map((m: { message: string }) => m.message)).toEqual(['Need Triphala 1'])
    expect(page.total).toBe('3')

    const bad = await list('?page=0')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('page must be at least 1')
  })
})
