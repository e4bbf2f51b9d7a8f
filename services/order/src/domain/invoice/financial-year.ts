/**
 * India's financial year runs 1 April – 31 March, on Indian time (UTC+05:30 all year): an invoice issued at
 * 00:10 IST on 1 April 2026 (18:40 UTC on 31 March) belongs to 2026-27.
 */

const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000

/** The financial year an instant falls in, by its first calendar year (2026 for 2026-27). */
export function financialYearStart(at: Date): number {
  const ist = new Date(at.getTime() + IST_OFFSET_MS)
  const year = ist.getUTCFullYear()
  return ist.getUTCMonth() >= 3 ? year : year - 1
}

/** '2026-27' for the year starting in April 2026. */
export const financialYearLabel = (startYear: number): string =>
  `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`

/** The financial year label of an instant. */
export const financialYearOf = (at: Date): string => financialYearLabel(financialYearStart(at))

/** The invoice number: series prefix, financial year, 6-digit number within that year (MS/2026-27/000123). */
export function formatInvoiceNumber(financialYear: string, seq: number, prefix = 'MS'): string {
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`invoice sequence must be ≥ 1, got ${seq}`)
  return `${prefix}/${financialYear}/${String(seq).padStart(6, '0')}`
}
