// Drill (issue 12): the broker stops for 30 s while orders are placed continuously, then comes back. Every
// acknowledged order exists; every order.created is delivered after recovery; no consumer applies one twice.
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  auditOrders,
  DRILL_TIMEOUT_MS,
  type DrillShop,
  outcomes,
  printFigures,
  SHOP_START_TIMEOUT_MS,
  sleep,
  startDrillShop,
  startOrderLoad,
} from './harness'

const OUTAGE_MS = 30_000
let drill: DrillShop

beforeAll(async () => {
  drill = await startDrillShop()
}, SHOP_START_TIMEOUT_MS)

afterAll(() => drill?.close())

it(
  'broker down for 30 s under load: nothing acknowledged is lost, every event arrives once',
  async () => {
    const load = startOrderLoad(drill.store, 6)
    await sleep(3_000)
    const downAt = Date.now()
    const acknowledgedAtStop = load.acknowledged.length
    await drill.rabbit.stop()
    await sleep(OUTAGE_MS - (Date.now() - downAt))
    await drill.rabbit.start()
    const backAt = Date.now()
    const acknowledgedAtReturn = load.acknowledged.length
    await sleep(5_000)
    await load.stop()

    const audit = await auditOrders(drill.shop.databases, load.acknowledged, 120_000)
    const recoveredMs = Date.now() - backAt
    printFigures('broker down 30 s', {
      'orders placed (requests)': load.attempts.length,
      'orders acknowledged': audit.acknowledged,
      'orders acknowledged while the broker was down': acknowledgedAtReturn - acknowledgedAtStop,
      'orders found afterwards': audit.found,
      'order.created published (outbox left)': `${audit.acknowledged - audit.unpublished} (${audit.unpublished})`,
      'order.created delivered (messaging applied)': audit.delivered,
      'events applied twice': audit.appliedTwice,
      'inbox duplicates': audit.inboxDuplicates,
      'stock reserved without an order': audit.orphanReservations,
      'broker outage (ms)': backAt - downAt,
      'time from broker back to every event delivered (ms, upper bound)': recoveredMs,
      outcomes: JSON.stringify(outcomes(load.attempts)),
    })
    expect(audit.found).toBe(audit.acknowledged)
    expect(audit.delivered).toBe(audit.acknowledged)
    expect(audit.unpublished).toBe(0)
    expect(audit.appliedTwice).toBe(0)
    expect(audit.inboxDuplicates).toBe(0)
    expect(audit.orphanReservations).toBe(0)
  },
  DRILL_TIMEOUT_MS,
)
