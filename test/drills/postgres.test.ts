// Drill (issue 12): PostgreSQL restarts under load. Requests fail fast with 503 (not a hang, which the
// gateway would turn into 504 after its 5 s limit, nor a 500); every service recovers by itself.
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  DRILL_TIMEOUT_MS,
  type DrillShop,
  expectNothingLost,
  outageUnderLoad,
  outcomes,
  printFigures,
  SERVICE_NAMES,
  SHOP_START_TIMEOUT_MS,
  startDrillShop,
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
    const recovery = { recovered: false, readyMs: Number.NaN, orderingMs: Number.NaN }
    const run = await outageUnderLoad(drill, {
      downMs: DOWN_MS,
      stop: () => drill.postgres.stop('immediate'),
      start: () => drill.postgres.start(),
      whileRecovering: async (backAt, load) => {
        const allReady = async () =>
          (await Promise.all(SERVICE_NAMES.map((n) => drill.shop.ready(n)))).every(Boolean)
        recovery.recovered = await waitUntil(allReady, 60_000, 100)
        recovery.readyMs = Date.now() - backAt
        const firstOrderAfter = () => load.attempts.find((a) => a.startedAt >= backAt && a.status === 201)
        await waitUntil(() => firstOrderAfter() !== undefined, 60_000, 100)
        recovery.orderingMs = (firstOrderAfter()?.endedAt ?? Number.NaN) - backAt
      },
    })
    const { audit, load, downAt, backAt } = run
    // Down from half a second after the stop began until the start began: `pg_ctl start -w` returns a
    // little after PostgreSQL accepts again, and an order placed in between is rightly placed.
    const startedAgainAt = downAt + DOWN_MS
    const duringOutage = load.attempts.filter(
      (a) => a.startedAt >= downAt + 500 && a.endedAt <= startedAgainAt,
    )
    const slowest = Math.max(0, ...duringOutage.map((a) => a.endedAt - a.startedAt))
    printFigures('PostgreSQL restart', {
      'orders acknowledged': audit.acknowledged,
      'orders found afterwards': audit.found,
      'order.created delivered': audit.delivered,
      'events applied twice': audit.appliedTwice,
      'stock reserved without an order': audit.orphanReservations,
      'answers before the outage': JSON.stringify(outcomes(load.attempts.filter((a) => a.endedAt < downAt))),
      'answers while down': JSON.stringify(outcomes(duringOutage)),
      'answers after PostgreSQL came back': JSON.stringify(
        outcomes(load.attempts.filter((a) => a.startedAt >= backAt)),
      ),
      'slowest answer while down (ms)': slowest,
      'time from PostgreSQL back to every service ready (ms)': recovery.readyMs,
      'time from PostgreSQL back to the first order placed (ms)': recovery.orderingMs,
    })
    expect(recovery.recovered).toBe(true)
    expect(duringOutage.length).toBeGreaterThan(0)
    expect(duringOutage.every((a) => a.status === 503)).toBe(true)
    expectNothingLost(audit)
  },
  DRILL_TIMEOUT_MS,
)
