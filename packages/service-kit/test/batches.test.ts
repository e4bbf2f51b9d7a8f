import { describe, expect, it } from 'vitest'
import { BatchCollector } from '../src/bus/batches'
import { ConcurrencyLimit } from '../src/bus/concurrency'
import { envelope } from '../src/bus/envelope'
import { onBatch } from '../src/bus/events'
import { distinctById } from '../src/bus/inbox'
import type { RawExecutor } from '../src/bus/outbox'

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms))

/** A collector whose runs are recorded and finish when the test says so. */
function recorder(options = { maxSize: 3, windowMs: 5 }) {
  const runs: { key: string; items: number[]; finish: (err?: Error) => void }[] = []
  const collector = new BatchCollector<number>(
    (key, items) =>
      new Promise<void>((resolve, reject) => {
        runs.push({ key, items, finish: (err) => (err ? reject(err) : resolve()) })
      }),
    options,
  )
  return { runs, collector }
}

describe('BatchCollector', () => {
  it('gathers what arrives within the window into one batch per key', async () => {
    const { runs, collector } = recorder()
    const settled = [collector.add('a', 1), collector.add('b', 2), collector.add('a', 3)]
    expect(runs).toHaveLength(0)
    await tick(20)
    expect(runs.map((r) => [r.key, r.items])).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
    ])
    for (const run of runs) run.finish()
    await Promise.all(settled)
  })

  it('starts a full batch at once, and runs one batch of a key at a time', async () => {
    const { runs, collector } = recorder()
    const settled = [1, 2, 3, 4, 5].map((n) => collector.add('a', n))
    expect(runs.map((r) => r.items)).toEqual([[1, 2, 3]])
    await tick(20)
    expect(runs).toHaveLength(1) // 4 and 5 wait for the batch in flight
    runs[0]?.finish()
    await tick()
    expect(runs.map((r) => r.items)).toEqual([
      [1, 2, 3],
      [4, 5],
    ])
    runs[1]?.finish()
    await Promise.all(settled)
  })

  it("settles each item with its batch's outcome", async () => {
    const { runs, collector } = recorder()
    const first = [collector.add('a', 1), collector.add('a', 2)]
    await tick(20)
    runs[0]?.finish(new Error('batch failed'))
    const outcomes = await Promise.allSettled(first)
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected'])
    const next = collector.add('a', 3)
    await tick(20)
    runs[1]?.finish()
    await expect(next).resolves.toBeUndefined()
  })
})

describe('distinctById', () => {
  it('keeps the first event of each id, in order', () => {
    const [a, b] = [envelope('t', 1), envelope('t', 2)]
    expect(distinctById([a, b, a, b, a])).toEqual([a, b])
  })
})

describe('onBatch', () => {
  const order = { orderId: 'o-1', userId: 'u-1', number: 'MS-1', status: 'pending' as const }
  const tx: RawExecutor = { $executeRawUnsafe: async () => 0 }

  it('hands the batch handler every event with its data checked, and one event alone as a batch of one', async () => {
    const seen: string[][] = []
    const entry = onBatch('order.created', async (events) => {
      seen.push(events.map((e) => e.data.number))
    })
    await entry.handleBatch?.([envelope('order.created', order), envelope('order.created', order)], tx)
    await entry.handle(envelope('order.created', { ...order, number: 'MS-2' }), tx)
    expect(seen).toEqual([['MS-1', 'MS-1'], ['MS-2']])
  })

  it('fails the whole batch on one event that does not match its contract', async () => {
    const entry = onBatch('order.created', async () => {})
    const bad = envelope('order.created', { orderId: 1 })
    await expect(entry.handleBatch?.([envelope('order.created', order), bad], tx)).rejects.toThrow()
  })
})

describe('ConcurrencyLimit', () => {
  it('runs at most its limit at once, the rest in turn, and passes results and failures through', async () => {
    const limit = new ConcurrencyLimit(2)
    let running = 0
    let most = 0
    const task = (n: number) => async () => {
      running++
      most = Math.max(most, running)
      await tick(5)
      running--
      if (n === 3) throw new Error('task 3 failed')
      return n
    }
    const outcomes = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => limit.run(task(n))))
    expect(most).toBe(2)
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([
      1,
      2,
      'task 3 failed',
      4,
      5,
    ])
  })
})
