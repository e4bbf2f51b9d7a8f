// Drill (issue 12): each service in turn is killed (SIGKILL) and restarted under load. Other routes keep
// answering; its route answers 503 while it is away and recovers soon after its return; no acknowledged
// order is lost; no stock stays reserved for an order that was never created.
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  auditOrders,
  DRILL_TIMEOUT_MS,
  type DrillShop,
  outcomes,
  printFigures,
  SERVICE_NAMES,
  type ServiceName,
  SHOP_START_TIMEOUT_MS,
  sleep,
  startDrillShop,
  startOrderLoad,
  waitUntil,
} from './harness'

/**
 * A read route of each service through the gateway, as a signed-in customer. A service not named here is
 * probed at its path family's root: whatever it answers there while up (a 404), the gateway answers 503
 * while it is away.
 */
const PROBES: Partial<Record<ServiceName, string>> = {
  identity: '/auth/me',
  catalogue: '/product?limit=5',
  cart: '/cart',
  order: '/order/user-order',
  review: '/review/overview',
  messaging: '/message/notifications',
  prescription: '/prescription',
}
let drill: DrillShop

beforeAll(async () => {
  drill = await startDrillShop()
}, SHOP_START_TIMEOUT_MS)

afterAll(() => drill?.close())

async function probe(name: ServiceName): Promise<number> {
  const path = PROBES[name] ?? `/${name}`
  const res = await fetch(`${drill.shop.gatewayUrl}${path}`, {
    headers: { authorization: `bearer ${drill.store.tokens[0]}` },
    signal: AbortSignal.timeout(15_000),
  }).catch(() => undefined)
  await res?.body?.cancel()
  return res?.status ?? 0
}

it(
  'SIGKILL each service under load: 503 while away, others answer, back soon after, nothing lost',
  async () => {
    const baseline: Record<string, number> = Object.fromEntries(
      await Promise.all(SERVICE_NAMES.map(async (n) => [n, await probe(n)])),
    )
    const load = startOrderLoad(drill.store, 4)
    const results: Record<string, unknown>[] = []
    for (const name of SERVICE_NAMES) {
      await sleep(1_500)
      await drill.shop.signal(name, 'SIGKILL')
      const away = await probe(name)
      const others = SERVICE_NAMES.filter((n) => n !== name)
      const otherStatuses = await Promise.all(others.map(probe))
      await drill.shop.start(name)
      const backAt = Date.now()
      await waitUntil(async () => (await probe(name)) === baseline[name], 30_000, 100)
      results.push({
        name,
        away,
        othersOk: otherStatuses.every((s, i) => s === baseline[others[i]!]),
        recoveredMs: Date.now() - backAt,
      })
    }
    await sleep(2_000)
    await load.stop()

    const audit = await auditOrders(drill.shop.databases, load.acknowledged, 120_000)
    for (const r of results)
      printFigures(`SIGKILL ${r.name}`, {
        'its route while away': String(r.away),
        'other routes unaffected': String(r.othersOk),
        'time from restart (ready) to its route answering (ms)': Number(r.recoveredMs),
      })
    printFigures('SIGKILL each service', {
      'orders placed (requests)': load.attempts.length,
      'orders acknowledged': audit.acknowledged,
      'orders found afterwards': audit.found,
      'order.created delivered': audit.delivered,
      'events applied twice': audit.appliedTwice,
      'stock reserved without an order': audit.orphanReservations,
      'reservation leases expired': audit.expiredLeases,
      'orders whose stock was gone when order.created came late': audit.ordersWithoutStock,
      outcomes: JSON.stringify(outcomes(load.attempts)),
    })
    expect(Object.values(baseline).every((s) => s > 0 && s < 500)).toBe(true)
    for (const r of results) {
      expect(r.away).toBe(503)
      expect(r.othersOk).toBe(true)
    }
    expect(audit.found).toBe(audit.acknowledged)
    expect(audit.delivered).toBe(audit.acknowledged)
    expect(audit.appliedTwice).toBe(0)
    expect(audit.orphanReservations).toBe(0)
  },
  DRILL_TIMEOUT_MS,
)
