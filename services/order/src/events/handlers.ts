import { eventHandlers, on, type RawSql } from '@medstore/service-kit'
import { orderCustomers } from '../data/customer-replica'
import { saveReplica, setOrderPrescription } from '../data/prescriptions'
import { orderProducts } from '../data/product-replica'
import type { StockReservations } from '../stock/reservations'
import type { RefundMaker } from '../use-cases/refunds'

/**
 * The order service's consumers: its product and customer replicas, and giving back the stock of a cancelled
 * order, and making the refunds that paid orders owe. The release reacts to our own order.status_changed event so it is retried (with the consumer's delay
 * and dead-letter queue) until the catalogue has it, even if the catalogue was down when the order was cancelled.
 */
export function orderEventHandlers(stock: StockReservations, makeRefund: RefundMaker) {
  return eventHandlers<RawSql>(
    ...orderProducts.subscriptions,
    orderCustomers,
    // Customers' prescriptions an order may carry, and the pharmacist's decisions on held orders.
    on('prescription.uploaded', async ({ prescriptionId, userId }, tx) => {
      await saveReplica(tx, { id: prescriptionId, userId })
    }),
    on('prescription.deleted', async ({ prescriptionId, userId }, tx) => {
      await saveReplica(tx, { id: prescriptionId, userId, deleted: true })
    }),
    on('prescription.approved', async ({ orderId, userId, prescriptionId, validUntil }, tx) => {
      await saveReplica(tx, { id: prescriptionId, userId, state: 'approved', validUntil })
      await setOrderPrescription(tx, orderId, {
        status: 'approved',
        prescriptionId,
        reason: null,
        reattachBy: null,
      })
    }),
    on('prescription.rejected', async ({ orderId, userId, prescriptionId, reason, reattachBy }, tx) => {
      await saveReplica(tx, { id: prescriptionId, userId, state: 'rejected' })
      await setOrderPrescription(tx, orderId, {
        status: 'rejected',
        prescriptionId,
        reason,
        reattachBy: new Date(reattachBy),
      })
    }),
    on('prescription.attached', async ({ orderId, prescriptionId }, tx) => {
      await setOrderPrescription(tx, orderId, {
        status: 'awaiting_verification',
        prescriptionId,
        reason: null,
        reattachBy: null,
      })
    }),
    // The release is a call to the catalogue (idempotent by order): made before the transaction opens, so
    // no database connection waits on the network; the transaction only records the event in the inbox.
    on('order.status_changed', async () => {}, {
      before: async ({ orderId, status }) => {
        if (status === 'cancelled') await stock.release(orderId)
      },
    }),
    // The refund job: the provider call (idempotent by the refund's id) before the transaction, as above;
    // a redelivery after a restart finds the refund made, or makes it under the same key.
    on('order.refund_changed', async () => {}, {
      before: async ({ refundId, status }) => {
        if (status === 'pending') await makeRefund(refundId)
      },
    }),
  )
}
