import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { envelope } from '../src/bus/envelope'
import { enqueueEvents } from '../src/bus/outbox'
import { productReplica } from '../src/replica/product-replica'
import { eventRecorder, startTestService, type TestService } from '../src/testing'
import { notesService } from './fixture/service'
import type { PrismaClient } from './fixture/src/generated/prisma/client'

let service: TestService<PrismaClient, unknown>
let recorder: Awaited<ReturnType<typeof eventRecorder>>

const replica = productReplica({
  service: 'kit-test',
  table: 'replica_product',
  eventTimeColumn: 'source_at',
  columns: (p) => ({ name: p.name, price_paise: Math.round(p.price * 100), stock: p.stock }),
  deleted: { row: { name: '', price_paise: 0, stock: 0 }, reset: ['stock'] },
})
const [upserted, deleted] = replica.subscriptions

beforeAll(async () => {
  service = (await startTestService(notesService().definition)) as TestService<PrismaClient, unknown>
  await service.db.$executeRawUnsafe(`CREATE TABLE replica_product (
    id text PRIMARY KEY, name text NOT NULL, price_paise integer NOT NULL, stock integer NOT NULL,
    deleted boolean NOT NULL DEFAULT false, source_at timestamptz(3) NOT NULL)`)
  recorder = await eventRecorder(service.bus)
})

afterAll(async () => {
  await recorder?.close()
  await service?.close()
})

const product = (id: string, name: string, stock: number) => ({
  productId: id,
  name,
  category: 'Pain relief',
  price: 12.5,
  image: 'http://localhost/img.png',
  stock,
  requiresPrescription: false,
})
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute)).toISOString()
const upsert = (id: string, name: string, stock: number, minute: number) =>
  upserted!.handle(
    { ...envelope('product.upserted', product(id, name, stock)), occurredAt: at(minute) },
    service.db,
  )
const remove = (id: string, minute: number) =>
  deleted!.handle({ ...envelope('product.deleted', { productId: id }), occurredAt: at(minute) }, service.db)
const row = async (id: string) =>
  (
    await service.db.$queryRawUnsafe<
      { name: string; price_paise: number; stock: number; deleted: boolean }[]
    >('SELECT name, price_paise, stock, deleted FROM replica_product WHERE id = $1', id)
  )[0]

describe('productReplica', () => {
  it('keeps the newest copy of a product whatever order its events arrive in', async () => {
    await upsert('p1', 'Paracetamol 500', 9, 2)
    await upsert('p1', 'Paracetamol (old name)', 3, 1)
    expect(await row('p1')).toEqual({ name: 'Paracetamol 500', price_paise: 1250, stock: 9, deleted: false })
    await upsert('p1', 'Paracetamol 500', 9, 2)
    expect(await row('p1')).toEqual({ name: 'Paracetamol 500', price_paise: 1250, stock: 9, deleted: false })
  })

  it('keeps a deleted product as a tombstone that a late upsert cannot bring back', async () => {
    await upsert('p2', 'Cetirizine', 5, 1)
    await remove('p2', 3)
    expect(await row('p2')).toEqual({ name: 'Cetirizine', price_paise: 1250, stock: 0, deleted: true })
    await upsert('p2', 'Cetirizine', 5, 2)
    expect((await row('p2'))?.deleted).toBe(true)
    // Re-created later in the catalogue: a newer upsert wins.
    await upsert('p2', 'Cetirizine', 7, 4)
    expect(await row('p2')).toMatchObject({ stock: 7, deleted: false })
  })

  it('records a deletion it hears of before the product itself', async () => {
    await remove('p3', 5)
    await upsert('p3', 'Ibuprofen', 2, 4)
    expect(await row('p3')).toEqual({ name: '', price_paise: 0, stock: 0, deleted: true })
  })

  it('applies a batch of upserts in any order as one by one would: the newest copy of each product', async () => {
    const event = (id: string, name: string, stock: number, minute: number) => ({
      ...envelope('product.upserted', product(id, name, stock)),
      occurredAt: at(minute),
    })
    await upsert('p5', 'Ashwagandha', 1, 9)
    await upserted!.handleBatch!(
      [
        event('p4', 'Brahmi (old)', 1, 1),
        event('p5', 'Ashwagandha (older than the row)', 2, 8),
        event('p4', 'Brahmi', 6, 3),
        event('p6', 'Neem', 4, 2),
        event('p4', 'Brahmi (middle)', 2, 2),
      ],
      service.db,
    )
    expect(await row('p4')).toMatchObject({ name: 'Brahmi', stock: 6 })
    expect(await row('p5')).toMatchObject({ name: 'Ashwagandha', stock: 1 })
    expect(await row('p6')).toMatchObject({ name: 'Neem', stock: 4 })
  })

  it('asks the catalogue for every product when it is empty, and only then', async () => {
    const marker = `${service.name}.marker`
    // Filled by the tests above: no request. The marker behind it shows the outbox was relayed in order.
    await replica.resyncIfEmpty(service.db)
    await enqueueEvents(service.db, envelope(marker, {}))
    await recorder.until((events) => events.length > 0)
    expect(recorder.received.map((e) => e.type)).toEqual([marker])

    await service.db.$executeRawUnsafe('DELETE FROM replica_product')
    await replica.resyncIfEmpty(service.db)
    await recorder.until((events) => events.length > 1)
    expect(recorder.received[1]).toMatchObject({
      type: 'catalogue.resync_requested',
      data: { requestedBy: 'kit-test' },
    })
  })
})
