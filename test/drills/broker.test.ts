// Drill (issue 12): the broker stops for 30 s while orders are placed continuously, then comes back. Every
// acknowledged order exists; every order.created is delivered after recovery; no consumer applies one twice.
import { afterAll, beforeAll, it } from 'vitest'
import {
  DRILL_TIMEOUT_MS,
  type DrillShop,
  expectNothingLost,
  outageUnderLoad,
  outcomes,
  printFigures,
  SHOP_START_TIMEOUT_MS,
  startDrillShop,
} from './harness'

let drill: DrillShop

beforeAll(async () => {
  drill = await startDrillShop()
}, SHOP_START_TIMEOUT_MS)

afterAll(() => drill?.close())

it(
  'broker down for 30 s under load: nothing acknowledged is lost, every event arrives once',
  async () => {
    const run = await outageUnderLoad(drill, {
      downMs: 30_000,
      stop: () => drill.rabbit.stop(),
      start: () => drill.rabbit.start(),
    })
    const { audit, load } = run
    printFigures('broker down 30 s', {
      'orders placed (requests)': load.attempts.length,
      'orders acknowledged': audit.acknowledged,
      'orders acknowledged while the broker was down': run.acknowledgedWhileDown,
      'orders found afterwards': audit.found,
      'order.created published (outbox left)': `${audit.acknowledged - audit.unpublished} (${audit.unpublished})`,
      'order.created delivered (messaging applied)': audit.delivered,
      'events applied twice': audit.appliedTwice,
      'inbox duplicates': audit.inboxDuplicates,
      'stock reserved without an order': audit.orphanReservations,
      'broker outage (ms)': run.backAt - run.downAt,
      'time from broker back to every event delivered (ms, upper bound)': Date.now() - run.backAt,
      outcomes: JSON.stringify(outcomes(load.attempts)),
    })
    expectNothingLost(audit)
  },
  DRILL_TIMEOUT_MS,
)
