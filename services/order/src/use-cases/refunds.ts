import type { RefundStatus } from '@medstore/contracts/order'
import { enqueueEvents, type Logger } from '@medstore/service-kit'
import type { Tx } from '../data/db'
import { lockOrder, type StoredOrder, savePayment } from '../data/order-repository'
import { findRefund, insertRefunds, saveRefund } from '../data/refunds'
import { nextRefundStatus, paidOrderPaymentStatus, refundsOwed } from '../domain/refunds'
import { orderRefundChanged } from '../events/order-events'
import type { PrismaClient } from '../generated/prisma/client'
import type { PaymentProvider } from '../payment/provider'

/**
 * Records what a paid order now owes its buyer (after a cancellation, or a payment that came after one),
 * each refund with its order.refund_changed (pending) in the caller's transaction, under its lock on the
 * order. The refund job (the service's own consumer of that event) then makes it at the provider.
 */
export async function oweRefunds(tx: Tx, order: StoredOrder): Promise<StoredOrder> {
  const owed = refundsOwed(order, order.refunds)
  if (owed.length === 0) return order
  await insertRefunds(tx, order.id, owed)
  const refunds = [...order.refunds, ...owed.map(() => ({ status: 'pending' as const }))]
  const saved = await savePayment(tx, order.id, {
    paymentStatus: paidOrderPaymentStatus(order.status, refunds),
  })
  await enqueueEvents(tx, ...owed.map((refund) => orderRefundChanged(order, refund, 'pending')))
  return saved
}

export type RefundReportResult = 'applied' | 'unchanged' | 'unknown-refund'

/** Applies the provider's word on a refund once (a settled refund stays settled), with its event. */
export async function settleRefund(
  tx: Tx,
  refundId: string,
  reported: Exclude<RefundStatus, 'pending'>,
): Promise<RefundReportResult> {
  const found = await findRefund(tx, refundId)
  if (!found) return 'unknown-refund'
  // The order's lock first, as every change of the order takes it: reports on one order apply in turn.
  const order = await lockOrder(tx, found.orderId)
  const refund = order?.refunds.find((r) => r.id === refundId)
  if (!order || !refund) return 'unknown-refund'
  const next = nextRefundStatus(refund.status, reported)
  if (!next) return 'unchanged'
  await saveRefund(tx, refund.id, { status: next })
  const refunds = order.refunds.map((r) => (r.id === refund.id ? { ...r, status: next } : r))
  await savePayment(tx, order.id, { paymentStatus: paidOrderPaymentStatus(order.status, refunds) })
  await enqueueEvents(tx, orderRefundChanged(order, refund, next))
  return 'applied'
}

/**
 * The refund job: makes a recorded refund at the provider that took the payment, keyed by the refund's id
 * (so a retry, or a restart between the call and its record, never refunds twice), then records what the
 * provider made of it. Unreachable provider: throws, and the consumer retries (then parks the event).
 */
export function refundJob(
  db: PrismaClient,
  providers: (name: string | null) => PaymentProvider | undefined,
  logger: Logger,
) {
  return async function makeRefund(refundId: string): Promise<void> {
    const refund = await findRefund(db, refundId)
    if (refund?.status !== 'pending' || refund.providerRefundId) return
    const { order } = refund
    const provider = providers(order.paymentProvider)
    if (!provider || !order.paymentId) {
      logger.error({ orderId: order.id, refundId }, 'refund impossible: no provider or payment id; parked')
      await db.$transaction((tx: Tx) => settleRefund(tx, refundId, 'failed'))
      return
    }
    const made = await provider.refund({
      paymentId: order.paymentId,
      amountPaise: refund.amountPaise,
      refundId,
      orderId: order.id,
    })
    if (made.status === 'failed')
      logger.error({ orderId: order.id, refundId, provider: provider.name }, 'the provider refused a refund')
    await db.$transaction(async (tx: Tx) => {
      if (made.providerRefundId) await saveRefund(tx, refundId, { providerRefundId: made.providerRefundId })
      if (made.status !== 'pending') await settleRefund(tx, refundId, made.status)
    })
  }
}

export type RefundMaker = ReturnType<typeof refundJob>
