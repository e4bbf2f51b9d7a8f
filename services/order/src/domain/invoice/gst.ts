/**
 * GST on tax-inclusive prices, in whole paise. The shop's prices already include GST, so the taxable value
 * is derived from the price, and the tax is what is left: every line's taxable value + tax equals what the
 * customer paid for it, and the invoice total equals the order total to the paisa.
 */

/** Intra-state supply: central + state tax, half each. Inter-state: integrated tax, all of it. */
export type TaxSplit = { kind: 'intra'; cgst: number; sgst: number } | { kind: 'inter'; igst: number }

export type TaxedAmount = {
  /** What the customer paid (tax-inclusive), paise. */
  gross: number
  /** gross without the tax: round(gross × 100 / (100 + rate)), paise. */
  taxable: number
  /** gross − taxable, paise. */
  tax: number
}

/**
 * Splits a tax-inclusive amount: taxable = round-half-up(gross × 100 / (100 + rate)), tax = gross − taxable.
 * Integer arithmetic only (no float rounding): exact for any order the shop can take.
 */
export function taxInclusive(grossPaise: number, ratePercent: number): TaxedAmount {
  if (!Number.isSafeInteger(grossPaise) || grossPaise < 0)
    throw new RangeError(`gross must be whole paise ≥ 0, got ${grossPaise}`)
  if (!Number.isInteger(ratePercent) || ratePercent < 0 || ratePercent > 100)
    throw new RangeError(`GST rate must be a whole percent 0–100, got ${ratePercent}`)
  const divisor = 100 + ratePercent
  // round-half-up of gross*100/divisor, as (2·gross·100 + divisor) div (2·divisor)
  const taxable = Math.floor((200 * grossPaise + divisor) / (2 * divisor))
  return { gross: grossPaise, taxable, tax: grossPaise - taxable }
}

/**
 * How a line's tax is charged. Intra-state, the tax is halved between CGST and SGST; when it is an odd
 * number of paise the extra paisa goes to CGST (CGST = ⌈tax/2⌉, SGST = ⌊tax/2⌋) — a fixed, documented
 * choice, so the two always add up to the tax and a re-render never moves the paisa.
 */
export function splitTax(taxPaise: number, intraState: boolean): TaxSplit {
  if (!intraState) return { kind: 'inter', igst: taxPaise }
  const sgst = Math.floor(taxPaise / 2)
  return { kind: 'intra', cgst: taxPaise - sgst, sgst }
}

export type InvoiceLineInput = {
  name: string
  hsnCode: string
  quantity: number
  /** Tax-inclusive unit price charged, paise. */
  unitPricePaise: number
  /** Maximum retail price per unit, paise. */
  mrpPaise: number
  gstRate: number
}

export type TaxedLine = InvoiceLineInput & {
  /** unit price × quantity, paise. */
  gross: number
  taxable: number
  tax: number
  cgst: number
  sgst: number
  igst: number
}

export type InvoiceTotals = {
  taxable: number
  cgst: number
  sgst: number
  igst: number
  tax: number
  /** Σ line gross = the order total, paise. */
  total: number
}

/** One row of the HSN/rate summary printed under the lines (as GST invoices carry it). */
export type TaxSummaryRow = {
  hsnCode: string
  gstRate: number
  taxable: number
  cgst: number
  sgst: number
  igst: number
}

export type TaxedInvoice = {
  intraState: boolean
  lines: TaxedLine[]
  totals: InvoiceTotals
  summary: TaxSummaryRow[]
}

/**
 * Taxes every line on its own (the line is what the customer bought at one rate), then adds the lines up:
 * totals are sums of line figures, never recomputed from the total, so the columns add up as printed.
 */
export function taxInvoice(lines: InvoiceLineInput[], intraState: boolean): TaxedInvoice {
  const taxed = lines.map((line): TaxedLine => {
    const amount = taxInclusive(line.unitPricePaise * line.quantity, line.gstRate)
    const split = splitTax(amount.tax, intraState)
    return {
      ...line,
      ...amount,
      cgst: split.kind === 'intra' ? split.cgst : 0,
      sgst: split.kind === 'intra' ? split.sgst : 0,
      igst: split.kind === 'inter' ? split.igst : 0,
    }
  })
  const sum = (pick: (l: TaxedLine) => number) => taxed.reduce((s, l) => s + pick(l), 0)
  const totals: InvoiceTotals = {
    taxable: sum((l) => l.taxable),
    cgst: sum((l) => l.cgst),
    sgst: sum((l) => l.sgst),
    igst: sum((l) => l.igst),
    tax: sum((l) => l.tax),
    total: sum((l) => l.gross),
  }
  const byKey = new Map<string, TaxSummaryRow>()
  for (const l of taxed) {
    const key = `${l.hsnCode}|${l.gstRate}`
    const row = byKey.get(key) ?? {
      hsnCode: l.hsnCode,
      gstRate: l.gstRate,
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
    }
    row.taxable += l.taxable
    row.cgst += l.cgst
    row.sgst += l.sgst
    row.igst += l.igst
    byKey.set(key, row)
  }
  const summary = [...byKey.values()].sort(
    (a, b) => a.hsnCode.localeCompare(b.hsnCode) || a.gstRate - b.gstRate,
  )
  return { intraState, lines: taxed, totals, summary }
}
