// Drill (issue 12): a graceful shutdown (SIGTERM) during load finishes the requests in flight and no
// client sees a reset connection. First the order service is stopped behind the gateway (clients get 201
// or 503, never a network error), then the gateway itself (every request in flight when it was signalled
// gets its answer). Private PostgreSQL and RabbitMQ; the services and gateway are real child processes.
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  DRILL_TIMEOUT_MS,
  type DrillShop,
  foundOrders,
  outcomes,
  printFigures,
  SHOP_START_TIMEOUT_MS,
  type ShopProcesses,
  type Storefront,
  sleep,
  startDrillShop,
  startOrderLoad,
} from './harness'

let drill: DrillShop
let shop: ShopProcesses
let store: Storefront

beforeAll(async () => {
  drill = await startDrillShop(['identity', 'catalogue', 'order'])
  ;({ shop, store } = drill)
}, SHOP_START_TIMEOUT_MS)

afterAll(() => drill?.close())

it(
  'SIGTERM to the order service under load: in-flight orders finish, every client gets an answer, none is lost',
  async () => {
    const load = startOrderLoad(store, 6)
    await sleep(2_000)
    const signalledAt = Date.now()
    const exitCode = await shop.signal('order', 'SIGTERM')
    const stoppedMs = Date.now() - signalledAt
    await sleep(500)
    await shop.start('order')
    await sleep(1_000)
    await load.stop()

    const inFlight = load.attempts.filter((a) => a.startedAt < signalledAt && a.endedAt > signalledAt)
    const errors = load.attempts.filter((a) => a.error)
    printFigures('SIGTERM order service', {
      'orders placed': load.attempts.length,
      'orders acknowledged': load.acknowledged.length,
      'orders found afterwards': await foundOrders(shop.databases.order, load.acknowledged),
      'requests in flight at SIGTERM': inFlight.length,
      'of those answered 201': inFlight.filter((a) => a.status === 201).length,
      'client network errors (resets)': errors.length,
      'time to stop (ms)': stoppedMs,
      outcomes: JSON.stringify(outcomes(load.attempts)),
    })
    expect(exitCode).toBe(0)
    expect(errors).toEqual([])
    expect(inFlight.every((a) => a.status === 201)).toBe(true)
    // 503 while it is away; 504 when the freshly restarted service is slower than the gateway's 5 s limit.
    expect(load.attempts.every((a) => [201, 503, 504].includes(a.status ?? 0))).toBe(true)
    expect(await foundOrders(shop.databases.order, load.acknowledged)).toBe(load.acknowledged.length)
  },
  DRILL_TIMEOUT_MS,
)

it(
  'SIGTERM to the gateway under load: every request in flight gets its answer',
  async () => {
    const load = startOrderLoad(store, 6)
    await sleep(2_000)
    const signalledAt = Date.now()
    const exitCode = await shop.signal('gateway', 'SIGTERM')
    const stoppedMs = Date.now() - signalledAt
    await load.stop()

    const inFlight = load.attempts.filter((a) => a.startedAt < signalledAt && a.endedAt > signalledAt)
    const afterSignal = load.attempts.filter((a) => a.startedAt >= signalledAt)
    printFigures('SIGTERM gateway', {
      'orders acknowledged': load.acknowledged.length,
      'orders found afterwards': await foundOrders(shop.databases.order, load.acknowledged),
      'requests in flight at SIGTERM': inFlight.length,
      'of those answered': inFlight.filter((a) => a.status !== undefined).length,
      'time to stop (ms)': stoppedMs,
      'requests started after SIGTERM': JSON.stringify(outcomes(afterSignal)),
    })
    expect(exitCode).toBe(0)
    expect(inFlight.length).toBeGreaterThan(0)
    expect(inFlight.filter((a) => a.error)).toEqual([])
    expect(await foundOrders(shop.databases.order, load.acknowledged)).toBe(load.acknowledged.length)
    await shop.start('gateway')
  },
  DRILL_TIMEOUT_MS,
)
