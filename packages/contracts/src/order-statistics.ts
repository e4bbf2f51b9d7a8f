import { z } from 'zod'
import type { ApiRoute } from './api'
import { orderStatisticsPaths } from './route-paths'

/** Days in each of the two windows the dashboard compares (the last 30 Indian calendar days, and the 30 before). */
export const STATISTICS_WINDOW_DAYS = 30
/** How many customers 'Recent Customers' lists. */
export const RECENT_CUSTOMERS = 5

/** One figure over the last 30 days beside the 30 days before, and the change between them. */
export const periodComparison = z.object({
  last30: z.number(),
  previous30: z.number(),
  /** Percent change from previous30 to last30, one decimal; null when previous30 is 0 (no base to compare). */
  changePercent: z.number().nullable(),
})
export type PeriodComparison = z.infer<typeof periodComparison>

export const orderStatisticsResponse = z.object({
  /** Rupees of orders placed in each window, cancelled orders left out. */
  revenue: periodComparison,
  /** Orders placed in each window, cancelled orders left out. */
  orders: periodComparison,
  /** Customer accounts registered in each window. */
  newCustomers: periodComparison,
  /** The last 30 Indian calendar days, oldest first, today last; a day without orders has revenue 0. */
  dailyRevenue: z.array(
    z.object({
      /** YYYY-MM-DD in India (Asia/Kolkata). */
      day: z.string(),
      /** Rupees. */
      revenue: z.number(),
    }),
  ),
  /** The customers who ordered most recently, newest first, with what they have spent and ordered in all. */
  recentCustomers: z.array(
    z.object({
      userId: z.string(),
      /** From the account; the name on the latest order when the account is not known (yet). */
      name: z.string(),
      /** null when the account is not known (yet). */
      email: z.string().nullable(),
      /** Rupees, cancelled orders left out. */
      spent: z.number(),
      /** Orders placed, cancelled orders left out. */
      orders: z.number().int(),
    }),
  ),
  /** Today in India (since 00:00 IST): orders placed and their rupees, cancelled orders left out. */
  today: z.object({ orders: z.number().int(), income: z.number() }),
})
export type OrderStatistics = z.infer<typeof orderStatisticsResponse>

export const orderStatisticsApi = {
  statistics: {
    ...orderStatisticsPaths.statistics,
    summary:
      "The back-office dashboard's figures: revenue, orders and new customers over the last 30 days against the 30 before, daily revenue, recent customers and today's orders (days in India, Asia/Kolkata)",
    access: 'admin',
    documented: false,
    tags: ['order'],
    status: 200,
    response: orderStatisticsResponse,
    errors: {},
  },
} satisfies Record<string, ApiRoute>

export const orderStatisticsRoutes: ApiRoute[] = Object.values(orderStatisticsApi)
