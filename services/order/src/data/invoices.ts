import type { InvoiceSnapshot } from '../domain/invoice/invoice'
import type { Prisma } from '../generated/prisma/client'
import type { Tx } from './db'

export type StoredInvoice = {
  id: string
  orderId: string
  number: string
  issuedAt: Date
  snapshot: InvoiceSnapshot
  pdf: Uint8Array | null
}

const asStored = <T extends { snapshot: Prisma.JsonValue }>(row: T | null) =>
  row ? ({ ...row, snapshot: row.snapshot as unknown as InvoiceSnapshot } as T & StoredInvoice) : null

export async function findInvoice(tx: Tx, orderId: string): Promise<StoredInvoice | null> {
  return asStored(await tx.invoice.findUnique({ where: { orderId } }))
}

/** An order's invoice and whose order it is, in one query (a download's whole read once it is issued). */
export async function findInvoiceWithOwner(
  tx: Tx,
  orderId: string,
): Promise<(StoredInvoice & { userId: string }) | null> {
  const row = await tx.invoice.findUnique({
    where: { orderId },
    include: { order: { select: { userId: true } } },
  })
  return row ? { ...asStored(row)!, userId: row.order.userId } : null
}

/**
 * The next number of a financial year's series. The counter row is raised in the caller's transaction and
 * stays locked until it ends: a second issue waits for the first to commit (then takes the next number) or
 * to roll back (then takes the same one), so the series has no gap and no number twice.
 */
export async function takeInvoiceSeq(tx: Tx, financialYear: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ seq: number }[]>`
    INSERT INTO invoice_counter (financial_year, last_seq) VALUES (${financialYear}, 1)
    ON CONFLICT (financial_year) DO UPDATE SET last_seq = invoice_counter.last_seq + 1
    RETURNING last_seq AS seq`
  return row!.seq
}

export async function insertInvoice(
  tx: Tx,
  invoice: {
    orderId: string
    financialYear: string
    seq: number
    number: string
    issuedAt: Date
    snapshot: InvoiceSnapshot
  },
): Promise<StoredInvoice> {
  const row = await tx.invoice.create({
    data: { ...invoice, snapshot: invoice.snapshot as unknown as Prisma.InputJsonValue },
  })
  return asStored(row)!
}

/**
 * Keeps the PDF as first rendered, unless another request stored one first; answers the stored bytes, so
 * every download of an invoice is the same file.
 */
export async function keepPdf(tx: Tx, id: string, pdf: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  await tx.invoice.updateMany({ where: { id, pdf: null }, data: { pdf } })
  const row = await tx.invoice.findUniqueOrThrow({ where: { id }, select: { pdf: true } })
  return row.pdf!
}
