import { eventHandlers, on, onBatch, type RawSql } from '@medstore/service-kit'
import { insertNotifications } from '../data/notifications'
import { messagingProducts, saveCustomer } from '../data/replicas'
import { passwordResetText, prescriptionNoticeText, signInFailuresText } from '../domain/notification-text'
import { recordAccountNotice } from '../use-cases/account-notices'
import { recordOrderNotifications } from '../use-cases/order-notifications'

/** What the messaging service does with other services' events. */
export const messagingEventHandlers = eventHandlers<RawSql>(
  ...messagingProducts.subscriptions,
  on('user.registered', async ({ userId, email, name }, tx) => {
    await saveCustomer(tx, { id: userId, email, name })
  }),
  on('user.sign_in_failures', async ({ userId, failures }, tx, event) => {
    const text = signInFailuresText(failures)
    await recordAccountNotice(tx, { eventId: event.id, userId, kind: 'account.sign_in_failures', text })
  }),
  on('user.password_reset_requested', async ({ userId, resetUrl, expiresAt }, tx, event) => {
    const text = passwordResetText(resetUrl, new Date(expiresAt))
    await recordAccountNotice(tx, { eventId: event.id, userId, kind: 'account.password_reset', text })
  }),
  // In batches: each order's notification is a row of its own keyed by its event, so the order they are
  // written in changes nothing (those of one batch share the transaction's created_at; the list breaks
  // that tie by id).
  onBatch('order.created', async (orders, tx) => {
    await recordOrderNotifications(
      tx,
      orders.map(({ id, data }) => ({ eventId: id, kind: 'order.created', ...data })),
    )
  }),
  on('order.status_changed', async (order, tx, event) => {
    await recordOrderNotifications(tx, [{ eventId: event.id, kind: 'order.status_changed', ...order }])
  }),
  on('order.item_status_changed', async (item, tx, event) => {
    await recordOrderNotifications(tx, [{ eventId: event.id, kind: 'order.item_status_changed', ...item }])
  }),
  // A pharmacist's decision on an order's prescription: in the order's timeline and e-mailed.
  on('prescription.approved', async ({ orderId, userId, number }, tx, event) => {
    const text = prescriptionNoticeText({ kind: 'prescription.approved', number })
    await insertNotifications(tx, [
      {
        eventId: event.id,
        userId,
        orderId,
        orderNumber: number,
        kind: event.type,
        status: 'approved',
        productId: null,
        text,
      },
    ])
  }),
  on('prescription.rejected', async ({ orderId, userId, number, reason, reattachBy }, tx, event) => {
    const text = prescriptionNoticeText({
      kind: 'prescription.rejected',
      number,
      reason,
      reattachBy: new Date(reattachBy),
    })
    await insertNotifications(tx, [
      {
        eventId: event.id,
        userId,
        orderId,
        orderNumber: number,
        kind: event.type,
        status: 'rejected',
        productId: null,
        text,
      },
    ])
  }),
  // Money going back: initiated, processed, or failed (the customer is told a person will follow up).
  on('order.refund_changed', async ({ orderId, userId, number, amount, status }, tx, event) => {
    await recordOrderNotifications(tx, [
      { eventId: event.id, kind: 'order.refund_changed', orderId, userId, number, amount, status },
    ])
  }),
)
