import type { EventData } from '@medstore/contracts/events'
import { toRupees } from '@medstore/contracts/money'
import { createEvent, type EventEnvelope } from '@medstore/service-kit'

type OrderRef = { id: string; userId: string; number: string; status: EventData<'order.created'>['status'] }

// Plain envelopes: a use case writes events of several types to the outbox in one call.
export const orderCreated = (o: OrderRef): EventEnvelope =>
  createEvent('order.created', { orderId: o.id, userId: o.userId, number: o.number, status: o.status })

export const orderStatusChanged = (o: OrderRef): EventEnvelope =>
  createEvent('order.status_changed', {
    orderId: o.id,
    userId: o.userId,
    number: o.number,
    status: o.status,
  })

export const orderItemStatusChanged = (
  o: Omit<OrderRef, 'status'>,
  item: { id: string; productId: string; status: OrderRef['status'] },
): EventEnvelope =>
  createEvent('order.item_status_changed', {
    orderId: o.id,
    userId: o.userId,
    number: o.number,
    itemId: item.id,
    productId: item.productId,
    status: item.status,
  })

export const orderRefundChanged = (
  o: Omit<OrderRef, 'status'>,
  refund: { id: string; itemId: string | null; amountPaise: number },
  status: EventData<'order.refund_changed'>['status'],
): EventEnvelope =>
  createEvent('order.refund_changed', {
    orderId: o.id,
    userId: o.userId,
    number: o.number,
    refundId: refund.id,
    itemId: refund.itemId,
    amount: toRupees(refund.amountPaise),
    status,
  })
