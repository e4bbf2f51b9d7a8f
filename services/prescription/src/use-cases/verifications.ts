import type { Page } from '@medstore/contracts/api'
import type {
  ApprovePrescriptionRequest,
  OrderVerification,
  RejectPrescriptionRequest,
} from '@medstore/contracts/prescription'
import {
  type AuthUser,
  Conflict,
  createEvent,
  enqueueEvents,
  Invalid,
  type ListPage,
  NotFound,
  type RawSql,
  Unprocessable,
} from '@medstore/service-kit'
import {
  findPrescription,
  type PrescriptionRow,
  recordApproval,
  recordRejection,
} from '../data/prescriptions'
import { findVerification, listAwaiting, setDecision, type VerificationRow } from '../data/verifications'
import { indianDay, issuedOnProblem, validUntil } from '../domain/validity'
import { presentVerification } from '../presenters/prescription'
import type { Deps } from './prescriptions'

const NOT_FOUND = 'No order with a prescription by that id'

/** The pharmacist's side: the queue of orders awaiting verification, approval and rejection. */
export function verificationUseCases({ sql, transaction, clock, config }: Omit<Deps, 'keys'>) {
  async function present(tx: RawSql, v: VerificationRow, now: Date): Promise<OrderVerification> {
    const p = (await findPrescription(tx, v.prescriptionId)) as PrescriptionRow
    return presentVerification(v, p, now, indianDay(now))
  }

  /** The order's check, held for a decision: it must still await one and the order must be open. */
  async function undecided(tx: RawSql, orderId: string): Promise<VerificationRow> {
    const v = await findVerification(tx, orderId, true)
    if (!v) throw new NotFound(NOT_FOUND)
    if (v.orderStatus === 'cancelled') throw new Conflict('This order was cancelled')
    if (v.status !== 'awaiting_verification')
      throw new Conflict(`This order's prescription was already ${v.status}`)
    return v
  }

  return {
    async queue(page: Page): Promise<ListPage<OrderVerification[]>> {
      const now = clock()
      const { rows, total } = await listAwaiting(sql, page)
      const items = await Promise.all(rows.map((v) => present(sql, v, now)))
      return { items, page, total }
    },

    async get(orderId: string): Promise<OrderVerification> {
      const v = await findVerification(sql, orderId)
      if (!v) throw new NotFound(NOT_FOUND)
      return present(sql, v, clock())
    },

    async approve(pharmacist: AuthUser, orderId: string, input: ApprovePrescriptionRequest) {
      const now = clock()
      const today = indianDay(now)
      const months = config.PRESCRIPTION_VALIDITY_MONTHS
      const problem = issuedOnProblem(input.issuedOn, today, months)
      if (problem && input.issuedOn > today)
        throw new Invalid(problem, [{ path: 'issuedOn', message: problem }])
      if (problem) throw new Unprocessable(problem, { code: 'prescription_not_usable' })
      return transaction(async (tx) => {
        const v = await undecided(tx, orderId)
        const until = validUntil(input.issuedOn, months)
        const pharmacistName = pharmacist.name || pharmacist.userName
        await recordApproval(tx, v.prescriptionId, {
          at: now,
          by: pharmacist.id,
          byName: pharmacistName,
          doctorName: input.doctorName,
          doctorRegistration: input.doctorRegistration,
          patientName: input.patientName,
          issuedOn: input.issuedOn,
          validUntil: until,
        })
        await setDecision(tx, orderId, {
          status: 'approved',
          at: now,
          by: pharmacist.id,
          reason: null,
          reattachBy: null,
        })
        await enqueueEvents(
          tx,
          createEvent('prescription.approved', {
            orderId,
            userId: v.userId,
            number: v.orderNumber,
            prescriptionId: v.prescriptionId,
            pharmacistId: pharmacist.id,
            pharmacistName,
            doctorName: input.doctorName,
            doctorRegistration: input.doctorRegistration,
            patientName: input.patientName,
            issuedOn: input.issuedOn,
            validUntil: until,
            approvedAt: now.toISOString(),
          }),
        )
        return present(tx, (await findVerification(tx, orderId))!, now)
      })
    },

    async reject(pharmacist: AuthUser, orderId: string, { reason }: RejectPrescriptionRequest) {
      const now = clock()
      const reattachBy = new Date(now.getTime() + config.PRESCRIPTION_REATTACH_HOURS * 3_600_000)
      return transaction(async (tx) => {
        const v = await undecided(tx, orderId)
        await recordRejection(tx, v.prescriptionId, {
          at: now,
          by: pharmacist.id,
          byName: pharmacist.name || pharmacist.userName,
          reason,
        })
        await setDecision(tx, orderId, { status: 'rejected', at: now, by: pharmacist.id, reason, reattachBy })
        await enqueueEvents(
          tx,
          createEvent('prescription.rejected', {
            orderId,
            userId: v.userId,
            number: v.orderNumber,
            prescriptionId: v.prescriptionId,
            reason,
            rejectedAt: now.toISOString(),
            reattachBy: reattachBy.toISOString(),
          }),
        )
        return present(tx, (await findVerification(tx, orderId))!, now)
      })
    },
  }
}
