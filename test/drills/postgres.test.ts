// Drill (issue 12): PostgreSQL restarts under load. Requests fail fast with 503 (not a hang, which the
// gateway would turn into 504 after its 5 s limit, nor a 500); every service recovers by itself.
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  auditOrders,
  DRILL_TIMEOUT_MS,
  type DrillShop,
  outcomes,
  printFigures,
  SERVICE_NAMES,
  SHOP_START_TIMEOUT_MS,
  sleep,
  startDrillShop,
  startOrderLoad,
  waitUntil,
} from './harness'

const DOWN_MS = 10_000
let drill: DrillShop

beforeAll(async () => {
  drill = await startDrillShop()
}, SHOP_START_TIMEOUT_MS)

afterAll(() => drill?.close())

it(
  'PostgreSQL down 10 s under load: 503 at once, every service ready again by itself',
  async () => {
    const load = startOrderLoad(drill.store, 6)
    await sleep(3_000)
    const downAt = Date.now()
    await drill.postgres.stop('immediate')
    await sleep(DOWN_MS)
    await drill.postgres.start()
    const backAt = Date.now()
    const allReady = async () =>
      (await Promise.all(SERVICE_NAMES.map((n) => drill.shop.ready(n)))).every(Boolean)
    const recovered = await waitUntil(allReady, 60_000, 100)
    const readyMs = Date.now() - backAt
    const firstOrderAfter = () => load.attempts.find((a) => a.startedAt >= backAt && a.status === 201)
    await waitUntil(() => firstOrderAfter() !== undefined, 60_000, 100)
    const orderingMs = (firstOrderAfter()?.endedAt ?? Number.NaN) - backAt
    await sleep(2_000)
    await load.stop()

    const duringOutage = load.attempts.filter((a) => a.startedAt >= downAt + 500 && a.endedAt <= backAt)
    const slowest = Math.max(0, ...duringOutage.map((a) => a.endedAt - a.startedAt))
    const audit = await auditOrders(drill.shop.databases, load.acknowledged, 120_000)
    printFigures('PostgreSQL restart', {
      'orders acknowledged': audit.acknowledged,
      'orders found afterwards': audit.found,
      'order.created delivered': audit.delivered,
      'events applied twice': audit.appliedTwice,
      'stock reserved without an order': audit.orphanReservations,
      'answers while down': JSON.stringify(outcomes(duringOutage)),
      'slowest answer while down (ms)': slowest,
      'time from PostgreSQL back to every service ready (ms)': readyMs,
      'time from PostgreSQL back to the first order placed (ms)': orderingMs,
    })
    expect(recovered).toBe(true)
    expect(duringOutage.length).toBeGreaterThan(0)
    expect(duringOutage.every((a) => a.status === 503)).toBe(true)
    expect(audit.found).toBe(audit.acknowledged)
    expect(audit.delivered).toBe(audit.acknowledged)
    expect(audit.appliedTwice).toBe(0)
    expect(audit.orphanReservations).toBe(0)
  },
  DRILL_TIMEOUT_MS,
)
