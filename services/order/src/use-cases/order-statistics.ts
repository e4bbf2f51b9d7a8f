import { toRupees } from '@medstore/contracts/money'
import {
  type OrderStatistics,
  RECENT_CUSTOMERS,
  STATISTICS_WINDOW_DAYS,
} from '@medstore/contracts/order-statistics'
import { dailyRevenue, newCustomerCounts, recentCustomers, windowTotals } from '../data/statistics'
import { comparison, statisticsWindows, zeroFilled } from '../domain/statistics'
import type { PrismaClient } from '../generated/prisma/client'

/** The back-office dashboard's figures (GET /order/statistics), each aggregated by PostgreSQL. */
export function orderStatisticsUseCases(db: PrismaClient, clock: () => Date = () => new Date()) {
  async function dashboard(): Promise<OrderStatistics> {
    const w = statisticsWindows(clock(), STATISTICS_WINDOW_DAYS)
    const range = { previous: w.previous, last: w.last, today: w.today, end: w.now }
    // One snapshot: the figures agree with each other even while orders are being placed.
    const [totals, daily, customers, recent] = await db.$transaction(
      async (tx) =>
        [
          await windowTotals(tx, range),
          await dailyRevenue(tx, w.last, w.now),
          await newCustomerCounts(tx, range),
          await recentCustomers(tx, RECENT_CUSTOMERS),
        ] as const,
      { isolationLevel: 'RepeatableRead' },
    )
    return {
      revenue: comparison(toRupees(totals.revenueLast), toRupees(totals.revenuePrevious)),
      orders: comparison(totals.ordersLast, totals.ordersPrevious),
      newCustomers: comparison(customers.last, customers.previous),
      dailyRevenue: zeroFilled(w.days, daily).map(({ day, value }) => ({ day, revenue: toRupees(value) })),
      recentCustomers: recent.map((c) => ({
        userId: c.userId,
        name: c.name ?? c.orderName,
        email: c.email,
        spent: toRupees(c.spentPaise),
        orders: c.orders,
      })),
      today: { orders: totals.ordersToday, income: toRupees(totals.incomeToday) },
    }
  }
  return { dashboard }
}
