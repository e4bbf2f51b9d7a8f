// The skeleton every outage drill shares: orders flow, a part of the shop goes down for a while and comes
// back, the load stops, and the databases are audited. Each drill says only what goes down and what it
// measures while the shop recovers.
import { expect } from 'vitest'
import { type Audit, auditOrders } from './audit'
import type { DrillShop } from './drill-shop'
import { type OrderLoad, startOrderLoad } from './load'
import { sleep } from './ports'

export interface OutagePlan {
  /** How long the part stays down, from the moment `stop` is called. */
  downMs: number
  stop(): Promise<void>
  start(): Promise<void>
  /** Runs once the part is back, while orders still flow (recovery measurements); then the load stops. */
  whileRecovering?(backAt: number, load: OrderLoad): Promise<void>
}

export interface OutageRun {
  load: OrderLoad
  downAt: number
  backAt: number
  /** Orders acknowledged between the stop and the return. */
  acknowledgedWhileDown: number
  audit: Audit
}

const WARM_UP_MS = 3_000
const COOL_DOWN_MS = 2_000

export async function outageUnderLoad(drill: DrillShop, plan: OutagePlan): Promise<OutageRun> {
  const load = startOrderLoad(drill.store, 6)
  await sleep(WARM_UP_MS)
  const downAt = Date.now()
  const acknowledgedAtStop = load.acknowledged.length
  await plan.stop()
  await sleep(plan.downMs - (Date.now() - downAt))
  await plan.start()
  const backAt = Date.now()
  const acknowledgedWhileDown = load.acknowledged.length - acknowledgedAtStop
  await plan.whileRecovering?.(backAt, load)
  await sleep(COOL_DOWN_MS)
  await load.stop()
  const audit = await auditOrders(drill.shop.databases, load.acknowledged, 120_000)
  return { load, downAt, backAt, acknowledgedWhileDown, audit }
}

/** What every drill proves: each acknowledged order exists, its event was published and applied once. */
export function expectNothingLost(audit: Audit): void {
  expect(audit.found).toBe(audit.acknowledged)
  expect(audit.delivered).toBe(audit.acknowledged)
  expect(audit.unpublished).toBe(0)
  expect(audit.appliedTwice).toBe(0)
  expect(audit.inboxDuplicates).toBe(0)
  expect(audit.orphanReservations).toBe(0)
}
