import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { startTestService } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findInvoice } from '../../src/data/invoices'
import { lockOrder } from '../../src/data/order-repository'
import type { PrismaClient } from '../../src/generated/prisma/client'
import { orderService } from '../../src/service'
import { invoiceIssuer, issueShippedOrderInvoice } from '../../src/use-cases/invoices'
import type { OrderService } from '../helpers'
import { shippedOrder, TEST_SELLER } from './fixtures'

let order: OrderService
let db: PrismaClient
const issuer = invoiceIssuer(TEST_SELLER, 'MS')

beforeAll(async () => {
  order = (await startTestService(orderService, {})) as OrderService
  db = order.db
})
afterAll(() => order?.close())

// A year pair no other test here issues in.
const LAST_OF_2030_31 = '2031-03-31T18:29:59.000Z' // 23:59:59 IST, 31 March 2031
const FIRST_OF_2031_32 = '2031-03-31T18:30:00.000Z' // 00:00:00 IST, 1 April 2031

const numbersOf = async (financialYear: string) =>
  (await db.invoice.findMany({ where: { financialYear }, orderBy: { seq: 'asc' } })).map((i) => i.seq)

describe('invoice numbers', () => {
  it('are MS/<financial year>/<6 digits>, the series starting again at 1 on 1 April IST', async () => {
    const a = await shippedOrder(db)
    const b = await shippedOrder(db)
    const c = await shippedOrder(db)
    expect((await issueShippedOrderInvoice(db, issuer, a, new Date('2025-06-01T10:00:00Z'))).number).toBe(
      'MS/2025-26/000001',
    )
    expect((await issueShippedOrderInvoice(db, issuer, b, new Date('2025-06-01T10:00:01Z'))).number).toBe(
      'MS/2025-26/000002',
    )
    // 31 March 2026, 23:59 UTC is 1 April 2026, 05:29 IST: the new year's first number
    expect((await issueShippedOrderInvoice(db, issuer, c, new Date('2026-03-31T23:59:00Z'))).number).toBe(
      'MS/2026-27/000001',
    )
  })

  it('are issued once per order: a retry answers the same invoice', async () => {
    const id = await shippedOrder(db)
    const first = await issueShippedOrderInvoice(db, issuer, id, new Date('2025-07-01T00:00:00Z'))
    const again = await issueShippedOrderInvoice(db, issuer, id, new Date('2025-07-02T00:00:00Z'))
    expect(again).toEqual(first)
    expect(await db.invoice.count({ where: { orderId: id } })).toBe(1)
  })

  it('leave no gap when an issue is rolled back (a crash before commit): the next takes the same number', async () => {
    const year = '2024-25'
    const at = new Date('2024-05-01T00:00:00Z')
    const crashed = await shippedOrder(db)
    await expect(
      db.$transaction(async (tx) => {
        const locked = await lockOrder(tx, crashed)
        await issuer.issue(tx, locked!, at)
        throw new Error('the process died here')
      }),
    ).rejects.toThrow('the process died here')
    expect(await findInvoice(db, crashed)).toBeNull()
    expect(await numbersOf(year)).toEqual([])
    const next = await shippedOrder(db)
    expect((await issueShippedOrderInvoice(db, issuer, next, at)).number).toBe('MS/2024-25/000001')
    // the order whose issue died gets its invoice on the next try, with the next number
    expect((await issueShippedOrderInvoice(db, issuer, crashed, at)).number).toBe('MS/2024-25/000002')
  })

  it('are not issued before the order ships', async () => {
    const pending = await shippedOrder(db, { status: 'pending' })
    await expect(issueShippedOrderInvoice(db, issuer, pending)).rejects.toMatchObject({
      code: 'invoice_not_issued',
    })
    expect(await findInvoice(db, pending)).toBeNull()
  })

  it('stay gap-free and unique when several processes issue at the same moment, across a year boundary', async () => {
    const PROCESSES = 4
    const PER_PROCESS = 12
    const own = await Promise.all(
      Array.from({ length: PROCESSES }, () =>
        Promise.all(Array.from({ length: PER_PROCESS }, () => shippedOrder(db))),
      ),
    )
    // Orders every process tries to issue too (a retried generation racing the first).
    const shared = await Promise.all(Array.from({ length: 6 }, () => shippedOrder(db)))
    const at = (i: number) => (i % 2 ? FIRST_OF_2031_32 : LAST_OF_2030_31)
    const sharedAt = new Map(shared.map((id, i) => [id, at(i)]))
    const jobs = own.map((ids) => [
      ...ids.map((id, i) => `${id}@${at(i)}`),
      ...shared.map((id) => `${id}@${sharedAt.get(id)}`),
    ])

    const children = jobs.map((list) =>
      spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(import.meta.dirname, 'issue-invoices-process.ts'),
          order.database.url,
          ...list,
        ],
        { stdio: ['pipe', 'pipe', 'pipe'] },
      ),
    )
    const stderr = children.map((child) => {
      let text = ''
      child.stderr!.on('data', (chunk) => {
        text += chunk
      })
      return () => text
    })
    const lines = children.map(linesOf)
    // Every process connected before any starts, then all at once.
    for (const next of lines) expect(await next()).toBe('ready')
    for (const child of children) child.stdin!.end('go\n')
    const outputs = await Promise.all(lines.map((next) => next()))
    outputs.forEach((line, i) => {
      if (line === undefined) throw new Error(`issuing process ${i} died: ${stderr[i]!()}`)
    })
    const results = outputs.map((line) => JSON.parse(line!) as { orderId: string; number: string }[])
    await Promise.all(children.map(exited))
    // each process says how long its issues took, and what it retried
    console.log(stderr.map((text) => text()).join(''))

    const all = results.flat()
    expect(all).toHaveLength(PROCESSES * (PER_PROCESS + shared.length))
    // A shared order has one invoice: every process that issued it got the same number.
    const byOrder = new Map<string, Set<string>>()
    for (const { orderId, number } of all)
      byOrder.set(orderId, (byOrder.get(orderId) ?? new Set()).add(number))
    for (const numbers of byOrder.values()) expect(numbers.size).toBe(1)
    const issued = PROCESSES * PER_PROCESS + shared.length
    expect(byOrder.size).toBe(issued)
    expect(new Set(all.map((r) => r.number)).size).toBe(issued)

    // Each year's series is 1..n with nothing missing or twice, and the counter says n.
    const older = await numbersOf('2030-31')
    const newer = await numbersOf('2031-32')
    expect(older.length + newer.length).toBe(issued)
    expect(older).toEqual(Array.from({ length: older.length }, (_, i) => i + 1))
    expect(newer).toEqual(Array.from({ length: newer.length }, (_, i) => i + 1))
    const counters = await db.invoiceCounter.findMany({
      where: { financialYear: { in: ['2030-31', '2031-32'] } },
    })
    expect(Object.fromEntries(counters.map((c) => [c.financialYear, c.lastSeq]))).toEqual({
      '2030-31': older.length,
      '2031-32': newer.length,
    })
    // The invoice is dated as issued, in the year its number says.
    const boundary = await db.invoice.findMany({ where: { financialYear: '2031-32' } })
    for (const invoice of boundary) expect(invoice.issuedAt.toISOString()).toBe(FIRST_OF_2031_32)
  }, 300_000)
})

/** The child's stdout as a queue of lines; undefined once it has ended. */
function linesOf(child: ChildProcess): () => Promise<string | undefined> {
  const queued: string[] = []
  const waiting: ((line: string | undefined) => void)[] = []
  let ended = false
  const lines = createInterface({ input: child.stdout! })
  lines.on('line', (line) => {
    const w = waiting.shift()
    if (w) w(line)
    else queued.push(line)
  })
  lines.on('close', () => {
    ended = true
    for (const w of waiting.splice(0)) w(undefined)
  })
  return () =>
    new Promise((resolve) => {
      const line = queued.shift()
      if (line !== undefined || ended) resolve(line)
      else waiting.push(resolve)
    })
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve, reject) => {
    if (child.exitCode !== null)
      return child.exitCode === 0 ? resolve() : reject(new Error(`exit ${child.exitCode}`))
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`issuing process exited ${code}`)),
    )
  })
