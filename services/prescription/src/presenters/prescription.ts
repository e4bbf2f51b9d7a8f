import type {
  AccessLogEntry,
  OrderVerification,
  Prescription,
  RegisterEntry,
} from '@medstore/contracts/prescription'
import type { AccessLogRow } from '../data/audit'
import type { PrescriptionRow } from '../data/prescriptions'
import type { RegisterRow } from '../data/register'
import type { VerificationRow } from '../data/verifications'
import { isUsable, waitingMinutes } from '../domain/validity'

export function presentPrescription(p: PrescriptionRow, today: string): Prescription {
  return {
    id: p.id,
    userId: p.userId,
    state: p.state,
    pages: p.pages,
    uploadedAt: p.uploadedAt.toISOString(),
    reviewedAt: p.reviewedAt?.toISOString() ?? null,
    rejectionReason: p.rejectionReason,
    doctorName: p.doctorName,
    doctorRegistration: p.doctorRegistration,
    patientName: p.patientName,
    issuedOn: p.issuedOn,
    validUntil: p.state === 'approved' ? p.validUntil : null,
    usable: isUsable({ state: p.state, validUntil: p.validUntil, deleted: p.deletedAt !== null }, today),
    openOrders: p.openOrders,
  }
}

export function presentVerification(
  v: VerificationRow,
  prescription: PrescriptionRow,
  now: Date,
  today: string,
): OrderVerification {
  return {
    orderId: v.orderId,
    orderNumber: v.orderNumber,
    userId: v.userId,
    customerName: v.customerName,
    submittedAt: v.submittedAt.toISOString(),
    waitingMinutes: waitingMinutes(v.submittedAt, now),
    status: v.status,
    reason: v.reason,
    reattachBy: v.reattachBy?.toISOString() ?? null,
    prescription: presentPrescription(prescription, today),
    lines: v.lines,
  }
}

export const presentAccess = (a: AccessLogRow): AccessLogEntry => ({
  id: a.id,
  at: a.at.toISOString(),
  adminId: a.adminId,
  adminName: a.adminName,
  prescriptionId: a.prescriptionId,
  page: a.page,
  customerId: a.customerId,
})

export const presentRegisterEntry = (r: RegisterRow): RegisterEntry => ({
  id: r.id,
  dispensedAt: r.dispensedAt.toISOString(),
  orderId: r.orderId,
  orderNumber: r.orderNumber,
  patientName: r.patientName,
  prescriberName: r.prescriberName,
  prescriberRegistration: r.prescriberRegistration,
  medicine: r.medicine,
  productId: r.productId,
  quantity: r.quantity,
  prescriptionId: r.prescriptionId,
})
