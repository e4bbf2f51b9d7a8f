import type { OrderStatus } from '@medstore/contracts/order'
import { Conflict, domainError, enqueueEvents, type Logger, NotFound } from '@medstore/service-kit'
import type { Tx } from '../data/db'
import { findOrder, lockOrder, type StoredOrder, saveStatuses } from '../data/order-repository'
import { customerCancelRefusal } from '../domain/cancellation'
import { planItemStatus, planOrderStatus, type StatusPlan } from '../domain/lifecycle'
import { cashCollected } from '../domain/payment-status'
import { heldByPrescription } from '../domain/prescription-rule'
import { orderItemStatusChanged, orderStatusChanged } from '../events/order-events'
import type { PrismaClient } from '../generated/prisma/client'
import { type PaymentProvider, PaymentUnavailableError } from '../payment/provider'
import { presentOrder } from '../presenters/order'
import { oweRefunds } from './refunds'

const orderNotFound = () => new NotFound('Order not found')

type OkPlan = Extract<StatusPlan, { ok: true }>

/**
 * Writes a status plan for a locked order: the new statuses, their events, the cash collected on delivery,
 * and the refunds a paid order now owes (a cancelled order, or cancelled items). In the caller's transaction.
 */
export async function applyStatusPlan(tx: Tx, order: StoredOrder, plan: OkPlan): Promise<StoredOrder> {
  if (plan.status === order.status && plan.changedItems.length === 0) return order
  const collected = cashCollected(order.paymentType, plan.status) && order.paymentStatus !== 'paid'
  const updated = await saveStatuses(tx, order.id, {
    status: plan.status,
    items: plan.changedItems,
    paymentStatus: collected ? 'paid' : undefined,
  })
  const events = plan.changedItems.map((item) => orderItemStatusChanged(updated, item))
  if (plan.status !== order.status) events.push(orderStatusChanged(updated))
  await enqueueEvents(tx, ...events)
  return oweRefunds(tx, updated)
}

/** An unpaid online order whose link is still open: cancelling the order must close the link. */
const openLink = (order: StoredOrder) =>
  order.paymentType === 'online' &&
  (order.paymentStatus === 'pending' || order.paymentStatus === 'failed') &&
  order.paymentReference !== null

/**
 * Status changes by the pharmacist (order or item) and cancellation by the customer. Each runs under a lock
 * on the order row and writes the new statuses with their events in one transaction. Stock of a cancelled
 * order goes back through the order.status_changed consumer (see events/handlers.ts), which retries until
 * the catalogue has it; money paid for what is cancelled goes back through the refund job.
 */
export function orderStatusUseCases(
  db: PrismaClient,
  providers: (name: string | null) => PaymentProvider | undefined,
  logger: Logger,
) {
  /**
   * Cancelling an unpaid online order cancels its payment link first, so it cannot be paid afterwards. If
   * the provider cannot be reached the cancellation goes ahead: a payment that still gets through is
   * refunded when it is reported (see payments.applyNotification).
   */
  async function closeLinkBeforeCancelling(orderId: string, decide: (order: StoredOrder) => StatusPlan) {
    const order = await findOrder(db, orderId)
    if (!order || !openLink(order) || order.status === 'cancelled') return
    const plan = decide(order)
    if (!plan.ok || plan.status !== 'cancelled') return
    try {
      await providers(order.paymentProvider)?.cancelLink({
        reference: order.paymentReference!,
        expiresAt: order.paymentExpiresAt,
      })
    } catch (err) {
      if (!(err instanceof PaymentUnavailableError)) throw err
      logger.warn(
        { orderId, err: err.message },
        'payment link not cancelled; a late payment will be refunded',
      )
    }
  }

  async function change(orderId: string, decide: (order: StoredOrder) => StatusPlan) {
    await closeLinkBeforeCancelling(orderId, decide)
    const saved = await db.$transaction(async (tx: Tx) => {
      const order = await lockOrder(tx, orderId)
      if (!order) throw orderNotFound()
      const plan = decide(order)
      if (!plan.ok) throw domainError(plan.kind, plan.message)
      return applyStatusPlan(tx, order, plan)
    })
    return { order: presentOrder(saved) }
  }

  /** An order held for its prescription moves only to cancelled (the pharmacist decides first). */
  const notHeld = (order: StoredOrder, to: OrderStatus) => {
    const held = heldByPrescription(order.prescription, to)
    if (held) throw new Conflict(held, { code: 'prescription_unverified' })
  }

  return {
    setOrderStatus: (orderId: string, to: OrderStatus) =>
      change(orderId, (order) => {
        notHeld(order, to)
        return planOrderStatus(order, to)
      }),

    setItemStatus: (orderId: string, itemId: string, to: OrderStatus) =>
      change(orderId, (order) => {
        notHeld(order, to)
        return planItemStatus(order, itemId, to)
      }),

    /** The customer's own cancellation (the published policy); someone else's order is "not found". */
    cancelByCustomer: (userId: string, orderId: string, now = new Date()) =>
      change(orderId, (order) => {
        if (order.userId !== userId) throw orderNotFound()
        const refusal = customerCancelRefusal(order, now)
        if (refusal) return { ok: false, kind: 'conflict', message: refusal }
        return planOrderStatus(order, 'cancelled')
      }),
  }
}
