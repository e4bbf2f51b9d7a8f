import type { Logger } from '@medstore/service-kit'
import { sqlOver } from '@medstore/service-kit'
import type pg from 'pg'
import { ordersPastReattach } from '../data/prescriptions'
import type { orderStatusUseCases } from './order-status'

/** Orders looked at per round; the rest wait for the next one. */
const BATCH = 50

/**
 * Cancels the orders whose prescription was rejected and whose customer attached no other in time: by the
 * existing cancellation path (the stock goes back through order.status_changed, a paid order is refunded).
 * `sweepOnce(now)` is the whole job, so a test passes a later `now` instead of waiting two days.
 */
export function prescriptionSweep(
  sql: pg.Pool,
  statuses: ReturnType<typeof orderStatusUseCases>,
  intervalMs: number,
  logger: Logger,
) {
  async function sweepOnce(now = new Date()): Promise<number> {
    const due = await ordersPastReattach(sqlOver(sql), now, BATCH)
    for (const orderId of due) {
      try {
        await statuses.setOrderStatus(orderId, 'cancelled')
        logger.info({ orderId }, 'order cancelled: its prescription was rejected and none attached in time')
      } catch (err) {
        logger.warn(
          { orderId, err: (err as Error).message },
          'order past its prescription deadline not cancelled',
        )
      }
    }
    return due.length
  }
  const timer = setInterval(() => {
    sweepOnce().catch((err) => logger.error({ err }, 'prescription sweep failed'))
  }, intervalMs)
  timer.unref()
  return {
    sweepOnce,
    stop: async () => {
      clearInterval(timer)
    },
  }
}
