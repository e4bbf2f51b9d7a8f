import type { EventData } from '@medstore/contracts/events'
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
