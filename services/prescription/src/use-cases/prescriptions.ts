import { randomUUID } from 'node:crypto'
import type { Page } from '@medstore/contracts/api'
import {
  type OrderVerification,
  PRESCRIPTION_PAGES_MAX,
  type Prescription,
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
import type { Clock } from '../clock'
import type { PrescriptionConfig } from '../config'
import { type FileKeys, seal, unseal } from '../crypto/file-cipher'
import { logAccess } from '../data/audit'
import {
  findPage,
  findPrescription,
  insertPrescription,
  listPrescriptions,
  markDeleted,
  type PrescriptionRow,
} from '../data/prescriptions'
import { findVerification, reattach } from '../data/verifications'
import { indianDay, isUsable } from '../domain/validity'
import { preparePage } from '../files/prepare-page'
import { presentPrescription, presentVerification } from '../presenters/prescription'

export type Deps = {
  sql: RawSql
  transaction: <T>(work: (tx: RawSql) => Promise<T>) => Promise<T>
  keys: FileKeys
  clock: Clock
  config: Pick<PrescriptionConfig, 'PRESCRIPTION_VALIDITY_MONTHS' | 'PRESCRIPTION_REATTACH_HOURS'>
}

const NOT_FOUND = 'Prescription not found'

/** A prescription the caller may see: their own, or any for an administrator; another's reads as missing. */
export async function visiblePrescription(sql: RawSql, user: AuthUser, id: string): Promise<PrescriptionRow> {
  const p = await findPrescription(sql, id)
  if (!p || p.deletedAt || (p.userId !== user.id && !user.isAdmin)) throw new NotFound(NOT_FOUND)
  return p
}

/** A customer's prescriptions: upload, list, read, delete, attach to a rejected order. */
export function prescriptionUseCases({ sql, transaction, keys, clock }: Deps) {
  const today = () => indianDay(clock())
  return {
    async upload(user: AuthUser, files: Buffer[]): Promise<Prescription> {
      if (files.length === 0) throw new Invalid('Choose at least one page (a photo or a PDF)')
      if (files.length > PRESCRIPTION_PAGES_MAX)
        throw new Invalid(`A prescription can have at most ${PRESCRIPTION_PAGES_MAX} pages`)
      const pages: Parameters<typeof insertPrescription>[1]['pages'] = []
      for (const [i, file] of files.entries()) {
        const page = await preparePage(file, files.length > 1 ? `Page ${i + 1}` : 'The file')
        pages.push({ ...seal(keys, page.data), contentType: page.contentType, size: page.data.length })
      }
      const id = randomUUID()
      await transaction(async (tx) => {
        await insertPrescription(tx, { id, userId: user.id, pages })
        await enqueueEvents(
          tx,
          createEvent('prescription.uploaded', {
            prescriptionId: id,
            userId: user.id,
            uploadedAt: clock().toISOString(),
          }),
        )
      })
      return presentPrescription((await findPrescription(sql, id)) as PrescriptionRow, today())
    },

    async mine(user: AuthUser, page: Page): Promise<ListPage<Prescription[]>> {
      const { rows, total } = await listPrescriptions(sql, user.id, page)
      const day = today()
      return { items: rows.map((r) => presentPrescription(r, day)), page, total }
    },

    async byId(user: AuthUser, id: string): Promise<Prescription> {
      return presentPrescription(await visiblePrescription(sql, user, id), today())
    },

    /** A page's bytes, decrypted; an administrator's read is logged before the bytes leave. */
    async file(user: AuthUser, id: string, number: number): Promise<{ contentType: string; data: Buffer }> {
      const p = await visiblePrescription(sql, user, id)
      const page = await findPage(sql, id, number)
      if (!page) throw new NotFound('No such page of this prescription')
      if (user.isAdmin && user.id !== p.userId)
        await logAccess(sql, {
          adminId: user.id,
          adminName: user.name || user.userName,
          prescriptionId: id,
          page: number,
          customerId: p.userId,
        })
      return { contentType: page.contentType, data: unseal(keys, page) }
    },

    async remove(user: AuthUser, id: string): Promise<{ id: string }> {
      return transaction(async (tx) => {
        const p = await findPrescription(tx, id)
        if (!p || p.deletedAt || p.userId !== user.id) throw new NotFound(NOT_FOUND)
        if (p.openOrders.length > 0)
          throw new Conflict(
            `This prescription is attached to order ${p.openOrders.join(', ')} and cannot be deleted until it is delivered or cancelled`,
            { code: 'prescription_in_use' },
          )
        await markDeleted(tx, id, clock())
        await enqueueEvents(tx, createEvent('prescription.deleted', { prescriptionId: id, userId: user.id }))
        return { id }
      })
    },

    /** Another prescription of the customer's on their order whose prescription was rejected. */
    async attach(user: AuthUser, id: string, orderId: string): Promise<OrderVerification> {
      const now = clock()
      return transaction(async (tx) => {
        const p = await findPrescription(tx, id)
        if (!p || p.deletedAt || p.userId !== user.id) throw new NotFound(NOT_FOUND)
        const v = await findVerification(tx, orderId, true)
        if (!v || v.userId !== user.id) throw new NotFound('Order not found')
        if (v.status !== 'rejected' || ['cancelled', 'delivered'].includes(v.orderStatus))
          throw new Conflict('This order is not waiting for another prescription')
        if (v.reattachBy && v.reattachBy <= now)
          throw new Conflict('The time to attach another prescription to this order is over')
        if (!isUsable({ state: p.state, validUntil: p.validUntil, deleted: false }, indianDay(now)))
          throw new Unprocessable('This prescription was rejected or has expired: upload a new one', {
            code: 'prescription_not_usable',
          })
        await reattach(tx, orderId, id, now)
        await enqueueEvents(
          tx,
          createEvent('prescription.attached', {
            orderId,
            userId: user.id,
            number: v.orderNumber,
            prescriptionId: id,
            attachedAt: now.toISOString(),
          }),
        )
        const after = await findVerification(tx, orderId)
        const fresh = await findPrescription(tx, id)
        return presentVerification(after!, fresh!, now, indianDay(now))
      })
    },
  }
}
