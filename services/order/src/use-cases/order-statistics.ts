import { toRupees } from '@medstore/contracts/money'
import {
  type OrderStatistics,
  RECENT_CUSTOMERS,
  STATISTICS_WINDOW_DAYS,
} from '@medstore/contracts/order-statistics'
import { sqlTransaction } from '@medstore/service-kit'
import type pg from 'pg'
import { dailyRevenue, newCustomerCounts, recentCustomers, windowTotals } from '../data/statistics'
import { comparison, statisticsWindows, zeroFilled } from '../domain/statistics'

/**
 * The back-office dashboard's figures (GET /order/statistics), each aggregated by PostgreSQL. On the pg pool,
 * not Prisma: Prisma's interactive transaction and its six raw queries were 2.4 of the 3.6 ms of the
 * service's CPU per call (bench/PROFILE.md).
 */
export function orderStatisticsUseCases(pool: pg.Pool, clock: () => Date = () => new Date()) {
  async function dashboard(): Promise<OrderStatistics> {
    const w = statisticsWindows(clock(), STATISTICS_WINDOW_DAYS)
    const range = { previous: w.previous, last: w.last, today: w.today, end: w.now }
    // One snapshot: the figures agree with each other even while orders are being placed.
    const [totals, daily, customers, recent] = await sqlTransaction(pool, async (tx) => {
      await tx.$executeRawUnsafe('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ')
      return [
        await windowTotals(tx, range),
        await dailyRevenue(tx, w.last, w.now),
        await newCustomerCounts(tx, range),
        await recentCustomers(tx, RECENT_CUSTOMERS),
      ] as const
    })
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
