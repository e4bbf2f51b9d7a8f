import { type EventData, eventSchemas } from '@medstore/contracts/events'
import { createEvent, type EventEnvelope } from '@medstore/service-kit'

type OrderRef = { id: string; userId: string; number: string; status: EventData<'order.created'>['status'] }

// Each event is checked against its contract schema: review and messaging consume them as published.
const event = <T extends keyof typeof eventSchemas>(type: T, data: EventData<T>): EventEnvelope =>
  createEvent(type, eventSchemas[type].parse(data))

export const orderCreated = (o: OrderRef) =>
  event('order.created', { orderId: o.id, userId: o.userId, number: o.number, status: o.status })

export const orderStatusChanged = (o: OrderRef) =>
  event('order.status_changed', { orderId: o.id, userId: o.userId, number: o.number, status: o.status })

export const orderItemStatusChanged = (
  o: Omit<OrderRef, 'status'>,
  item: { id: string; productId: string; status: OrderRef['status'] },
) =>
  event('order.item_status_changed', {
    orderId: o.id,
    userId: o.userId,
    number: o.number,
    itemId: item.id,
    productId: item.productId,
    status: item.status,
  })
