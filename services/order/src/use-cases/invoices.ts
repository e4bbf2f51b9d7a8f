import { hasTaxInvoice } from '@medstore/contracts/order-constants'
import { Conflict, NotFound } from '@medstore/service-kit'
import type { Tx } from '../data/db'
import {
  findInvoice,
  findInvoiceWithOwner,
  insertInvoice,
  keepPdf,
  type StoredInvoice,
  takeInvoiceSeq,
} from '../data/invoices'
import { findOrder, lockOrder, type StoredOrder } from '../data/order-repository'
import { financialYearOf, formatInvoiceNumber } from '../domain/invoice/financial-year'
import { buildInvoice, type InvoiceSnapshot, type Seller } from '../domain/invoice/invoice'
import type { PrismaClient } from '../generated/prisma/client'

/** An order has a tax invoice once it has left the shop (the shop's screens apply the same rule). */
export const isInvoiced = hasTaxInvoice
const NOT_ISSUED = 'This order has no tax invoice yet: it is issued when the order is shipped'

export type InvoiceIssuer = {
  /**
   * The order's invoice, issued now if it has none: numbered from its financial year's counter in the
   * caller's transaction, which must hold the order's row lock (lockOrder), so an order gets one invoice
   * and the series no gap, whatever runs at the same time, is retried or dies half-way.
   */
  issue(tx: Tx, order: StoredOrder, now?: Date): Promise<StoredInvoice>
}

export function invoiceIssuer(seller: Seller, prefix: string): InvoiceIssuer {
  return {
    async issue(tx, order, now = new Date()) {
      const existing = await findInvoice(tx, order.id)
      if (existing) return existing
      const financialYear = financialYearOf(now)
      const seq = await takeInvoiceSeq(tx, financialYear)
      const number = formatInvoiceNumber(financialYear, seq, prefix)
      const snapshot = buildInvoice({
        order: invoicedOrder(order),
        seller,
        number,
        financialYear,
        issuedAt: now,
      })
      return insertInvoice(tx, { orderId: order.id, financialYear, seq, number, issuedAt: now, snapshot })
    },
  }
}

/**
 * Issues the invoice of a shipped order that has none (orders shipped before invoices existed, or a retry):
 * under the order's row lock, in one transaction, so it is issued once. Answers the order's invoice.
 */
export async function issueShippedOrderInvoice(
  db: PrismaClient,
  issuer: InvoiceIssuer,
  orderId: string,
  now = new Date(),
): Promise<StoredInvoice> {
  return db.$transaction(
    async (tx: Tx) => {
      const order = await lockOrder(tx, orderId)
      if (!order) throw new NotFound('Order not found')
      if (!isInvoiced(order.status)) throw new Conflict(NOT_ISSUED, { code: 'invoice_not_issued' })
      return issuer.issue(tx, order, now)
    },
    // Issues queue on their year's counter row: a burst of them may wait longer than Prisma's 5 s default.
    ISSUE_TRANSACTION,
  )
}

/** Time for an issue to wait its turn on the counter (a timed-out one rolls back whole: no gap). */
export const ISSUE_TRANSACTION = { maxWait: 10_000, timeout: 30_000 }

const invoicedOrder = (o: StoredOrder) => ({
  id: o.id,
  number: o.number,
  createdAt: o.createdAt,
  paymentType: o.paymentType,
  shipping: o,
  items: o.items,
})

export type InvoiceRenderer = (invoice: InvoiceSnapshot) => Promise<Uint8Array<ArrayBuffer>>

/** The customer's and the administrator's invoice download. */
export function invoiceUseCases(db: PrismaClient, issuer: InvoiceIssuer, render: InvoiceRenderer) {
  const notFound = () => new NotFound('Order not found')

  /**
   * An order without an invoice: not found (or not the caller's), not shipped yet, or shipped before
   * invoices existed, which gets its invoice now (under the order's lock, once).
   */
  async function issueForOrder(orderId: string, caller: { id: string; isAdmin: boolean }) {
    const order = await findOrder(db, orderId)
    if (!order || (!caller.isAdmin && order.userId !== caller.id)) throw notFound()
    if (!isInvoiced(order.status)) throw new Conflict(NOT_ISSUED, { code: 'invoice_not_issued' })
    return issueShippedOrderInvoice(db, issuer, order.id)
  }

  return {
    /**
     * The invoice's PDF for the order's owner or an administrator (anyone else: not found, as for the order
     * itself). The first download renders it from the snapshot and keeps the bytes; later ones serve them,
     * read with the order's owner in one query.
     */
    async pdf(orderId: string, caller: { id: string; isAdmin: boolean }) {
      const found = await findInvoiceWithOwner(db, orderId)
      if (found && !caller.isAdmin && found.userId !== caller.id) throw notFound()
      const invoice = found ?? (await issueForOrder(orderId, caller))
      const bytes = invoice.pdf ?? (await keepPdf(db, invoice.id, await render(invoice.snapshot)))
      return { number: invoice.number, bytes }
    },
  }
}
