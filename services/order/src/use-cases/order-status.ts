import type { OrderStatus } from '@medstore/contracts/order'
import { domainError, enqueueEvents, NotFound } from '@medstore/service-kit'
import type { Tx } from '../data/db'
import { lockOrder, type StoredOrder, saveStatuses } from '../data/order-repository'
import { customerCancelRefusal } from '../domain/cancellation'
import { planItemStatus, planOrderStatus, type StatusPlan } from '../domain/lifecycle'
import { cashCollected } from '../domain/payment-status'
import { orderItemStatusChanged, orderStatusChanged } from '../events/order-events'
import type { PrismaClient } from '../generated/prisma/client'
import { presentOrder } from '../presenters/order'

const orderNotFound = () => new NotFound('Order not found')

/**
 * Status changes by the pharmacist (order or item) and cancellation by the customer. Each runs under a lock
 * on the order row and writes the new statuses with their events in one transaction. Stock of a cancelled
 * order goes back through the order.status_changed consumer (see events/handlers.ts), which retries until
 * the catalogue has it.
 */
export function orderStatusUseCases(db: PrismaClient) {
  async function change(orderId: string, decide: (order: StoredOrder) => StatusPlan) {
    const saved = await db.$transaction(async (tx: Tx) => {
      const order = await lockOrder(tx, orderId)
      if (!order) throw orderNotFound()
      const plan = decide(order)
      if (!plan.ok) throw domainError(plan.kind, plan.message)
      if (plan.status === order.status && plan.changedItems.length === 0) return order
      const collected = cashCollected(order.paymentType, plan.status) && order.paymentStatus !== 'paid'
      const updated = await saveStatuses(tx, orderId, {
        status: plan.status,
        items: plan.changedItems,
        paymentStatus: collected ? 'paid' : undefined,
      })
      const events = plan.changedItems.map((item) => orderItemStatusChanged(updated, item))
      if (plan.status !== order.status) events.push(orderStatusChanged(updated))
      await enqueueEvents(tx, ...events)
      return updated
    })
    return { order: presentOrder(saved) }
  }

  return {
    setOrderStatus: (orderId: string, to: OrderStatus) =>
      change(orderId, (order) => planOrderStatus(order, to)),

    setItemStatus: (orderId: string, itemId: string, to: OrderStatus) =>
      change(orderId, (order) => planItemStatus(order, itemId, to)),

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
