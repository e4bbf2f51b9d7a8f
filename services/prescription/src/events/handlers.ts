import { eventHandlers, on, type RawSql } from '@medstore/service-kit'
import { findPrescription } from '../data/prescriptions'
import { insertRegisterEntry } from '../data/register'
import { findVerification, insertVerification, setOrderStatus } from '../data/verifications'

/**
 * Writes the dispensing register's rows for an order's H1 lines shipped (all of them, or one item): the
 * patient and prescriber come from the approved prescription, the lines from the order's submission.
 */
async function registerShipped(tx: RawSql, orderId: string, at: Date, itemId?: string): Promise<void> {
  const v = await findVerification(tx, orderId)
  if (v?.status !== 'approved') return
  const p = await findPrescription(tx, v.prescriptionId)
  if (!p?.patientName || !p.doctorName || !p.doctorRegistration) return
  for (const line of v.lines)
    if (line.schedule === 'H1' && (itemId === undefined || line.itemId === itemId))
      await insertRegisterEntry(tx, {
        dispensedAt: at,
        orderId,
        itemId: line.itemId,
        orderNumber: v.orderNumber,
        patientName: p.patientName,
        prescriberName: p.doctorName,
        prescriberRegistration: p.doctorRegistration,
        medicine: line.name,
        productId: line.productId,
        quantity: line.quantity,
        prescriptionId: p.id,
      })
}

/** What the prescription service does with the order service's events (the kit's inbox applies each once). */
export const prescriptionEventHandlers = eventHandlers<RawSql>(
  on('order.prescription_submitted', async (order, tx) => {
    await insertVerification(tx, {
      orderId: order.orderId,
      orderNumber: order.number,
      userId: order.userId,
      customerName: order.customerName,
      prescriptionId: order.prescriptionId,
      submittedAt: new Date(order.placedAt),
      lines: order.lines,
    })
  }),
  on('order.status_changed', async ({ orderId, status }, tx, event) => {
    await setOrderStatus(tx, orderId, status)
    if (status === 'shipped') await registerShipped(tx, orderId, new Date(event.occurredAt))
  }),
  on('order.item_status_changed', async ({ orderId, itemId, status }, tx, event) => {
    if (status === 'shipped') await registerShipped(tx, orderId, new Date(event.occurredAt), itemId)
  }),
)
