import { randomUUID } from 'node:crypto'
import type { Logger } from '@medstore/service-kit'
import type { Tx } from '../data/db'
import {
  anyOrder,
  backdateOrder,
  demoCounts,
  demoCustomersInReplica,
  lockDemoSeeding,
  sellableProducts,
} from '../data/demo-orders'
import { insertOrder, newStoredOrder, nextOrderSeq } from '../data/order-repository'
import { DEFAULT_DELIVERY_RULES } from '../delivery/default-delivery-rules'
import { coverageOf, deliveryWindow } from '../delivery/delivery-promise'
import { planDemoOrders, seededRandom, walkSteps } from '../domain/demo-orders'
import { indianDayRange } from '../domain/list-filters'
import { formatOrderNumber } from '../domain/order-number'
import { cashCollected } from '../domain/payment-status'
import { priceOrder } from '../domain/pricing'
import { indianDay } from '../domain/statistics'
import type { PrismaClient } from '../generated/prisma/client'

export type DemoSeedResult =
  | { seeded: number }
  | { skipped: 'orders exist' }
  | { waiting: 'no demo customers' | 'no products' }

/**
 * Demo orders for the demo customers, when there are no orders at all. Priced from the product replica and
 * moved along the life cycle as the pharmacist would, then backdated. They reserve no stock (the demo
 * history must not empty the demo catalogue's shelves) and publish no events (they are history, not news).
 */
export async function seedDemoOrders(
  db: PrismaClient,
  now = new Date(),
  seed = 2026,
): Promise<DemoSeedResult> {
  if (await anyOrder(db)) return { skipped: 'orders exist' }
  return db.$transaction(
    async (tx: Tx): Promise<DemoSeedResult> => {
      await lockDemoSeeding(tx)
      if (await anyOrder(tx)) return { skipped: 'orders exist' }
      const customers = await demoCustomersInReplica(tx)
      if (customers.length === 0) return { waiting: 'no demo customers' }
      const products = await sellableProducts(tx)
      if (products.size === 0) return { waiting: 'no products' }
      const plans = planDemoOrders({
        now,
        todayStart: indianDayRange(indianDay(now)).from,
        customers,
        productIds: [...products.keys()],
        random: seededRandom(seed),
      })
      for (const plan of plans) {
        const priced = priceOrder(plan.items, products)
        if (!priced.ok) throw new Error(`demo order: product ${priced.missing.productId} vanished`)
        const seq = await nextOrderSeq(tx)
        const order = newStoredOrder(
          {
            id: randomUUID(),
            seq,
            number: formatOrderNumber(seq),
            userId: plan.userId,
            shippingInfo: plan.shippingInfo,
            paymentType: plan.paymentType,
            paymentProvider: plan.paymentType === 'online' ? 'sandbox' : null,
            paymentReference: null,
            paymentLinkUrl: null,
            paymentExpiresAt: null,
            lines: priced.lines,
            totalPaise: priced.totalPaise,
            promisedDeliveryDate: demoPromise(plan.placedAt, plan.shippingInfo.postalCode),
          },
          new Date(),
          priced.lines.map(() => randomUUID()),
        )
        await insertOrder(tx, order)
        const status = walkSteps(plan.steps, priced.lines.length)
        const paymentStatus =
          plan.paymentType === 'online'
            ? status === 'cancelled'
              ? 'failed'
              : 'paid'
            : cashCollected('cash', status)
              ? 'paid'
              : 'pending'
        await backdateOrder(tx, order.id, {
          status,
          paymentStatus,
          createdAt: plan.placedAt,
          updatedAt: plan.updatedAt,
        })
      }
      return { seeded: plans.length }
    },
    { timeout: 60_000 },
  )
}

/** What the default delivery rules promised when a demo order was placed (its PIN codes are all served). */
function demoPromise(placedAt: Date, pincode: string): string {
  const coverage = coverageOf(pincode, DEFAULT_DELIVERY_RULES)
  return deliveryWindow(placedAt, coverage.served ? coverage.speed : 'standard', DEFAULT_DELIVERY_RULES)
    .deliveryBy
}

/**
 * Runs the demo seed in the background until it has something to do it with: the customer and product
 * replicas fill from events after start, so it waits until both have arrived and stopped growing (checked
 * every `intervalMs`), and gives up after `giveUpMs` (e.g. identity had real customers and seeded none).
 */
export function startDemoOrderSeeder(
  db: PrismaClient,
  logger: Logger,
  options: { intervalMs?: number; giveUpMs?: number } = {},
) {
  const intervalMs = options.intervalMs ?? 2_000
  const deadline = Date.now() + (options.giveUpMs ?? 5 * 60_000)
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let last = ''
  let running: Promise<void> | undefined

  const tick = async () => {
    try {
      const { orders, customers, products } = await demoCounts(db)
      if (orders > 0) return logger.debug('demo data: orders exist, no demo orders')
      const counts = `${customers}/${products}`
      const settled = customers > 0 && products > 0 && counts === last
      last = counts
      if (settled) {
        const result = await seedDemoOrders(db)
        if ('seeded' in result)
          return logger.info({ orders: result.seeded }, 'demo data: demo orders created')
        if ('skipped' in result) return
      }
    } catch (err) {
      logger.warn({ err }, 'demo data: demo orders not created yet')
    }
    if (stopped) return
    if (Date.now() > deadline)
      return logger.warn('demo data: gave up waiting for demo customers and products')
    timer = setTimeout(() => {
      running = tick()
    }, intervalMs)
  }
  running = tick()
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
