import { eventHandlers, on, onBatch, type RawSql } from '@medstore/service-kit'
import { messagingCustomers, messagingProducts, saveCustomerLocale } from '../data/replicas'
import { recordAccountNotice } from '../use-cases/account-notices'
import { recordOrderNotifications, recordPrescriptionNotice } from '../use-cases/order-notifications'

/** What the messaging service does with other services' events. */
export const messagingEventHandlers = eventHandlers<RawSql>(
  ...messagingProducts.subscriptions,
  messagingCustomers,
  // The customer switched language: their e-mails from now on are written in it.
  on('user.locale_changed', async ({ userId, locale }, tx) => {
    await saveCustomerLocale(tx, userId, locale)
  }),
  on('user.sign_in_failures', async ({ userId, failures }, tx, event) => {
    await recordAccountNotice(tx, {
      eventId: event.id,
      userId,
      notice: { kind: 'account.sign_in_failures', failures },
    })
  }),
  on('user.password_reset_requested', async ({ userId, resetUrl, expiresAt }, tx, event) => {
    await recordAccountNotice(tx, {
      eventId: event.id,
      userId,
      notice: { kind: 'account.password_reset', resetUrl, expiresAt },
    })
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
    await recordPrescriptionNotice(tx, {
      eventId: event.id,
      orderId,
      userId,
      notice: { kind: 'prescription.approved', number },
    })
  }),
  on('prescription.rejected', async ({ orderId, userId, number, reason, reattachBy }, tx, event) => {
    await recordPrescriptionNotice(tx, {
      eventId: event.id,
      orderId,
      userId,
      notice: { kind: 'prescription.rejected', number, reason, reattachBy },
    })
  }),
  // Money going back: initiated, processed, or failed (the customer is told a person will follow up).
  on('order.refund_changed', async ({ orderId, userId, number, amount, status }, tx, event) => {
    await recordOrderNotifications(tx, [
      { eventId: event.id, kind: 'order.refund_changed', orderId, userId, number, amount, status },
    ])
  }),
)
