import { rupeesInWords } from './amount-in-words'
import { type InvoiceTotals, type TaxedLine, type TaxSummaryRow, taxInvoice } from './gst'
import { gstState, isIntraState } from './gst-states'

/** The registered seller a tax invoice names (from the service's configuration). */
export type Seller = {
  name: string
  /** Postal address, one line per entry. */
  address: string[]
  gstin: string
  /** The state of the GSTIN (its first two digits). */
  state: { name: string; code: string }
  /** Drug licence numbers (e.g. 'Form 20: MH-MZ1-123456'). */
  drugLicences: string[]
  /** true when these are the development defaults, not a real registration: the PDF says so. */
  developmentDefaults: boolean
}

/** What of an order its invoice prints. */
export type InvoicedOrder = {
  id: string
  number: string
  createdAt: Date
  paymentType: 'cash' | 'online'
  shipping: {
    customerName: string
    phoneNumber: string
    houseNumber: string
    street: string
    addressLine1: string
    addressLine2: string
    city: string
    state: string
    postalCode: string
    country: string
  }
  items: {
    name: string
    hsnCode: string
    gstRate: number
    quantity: number
    unitPricePaise: number
    /** null: lines from before the MRP was kept (the unit price stands for it). */
    mrpPaise: number | null
    status: string
  }[]
}

export type InvoiceParty = {
  name: string
  address: string[]
  phone: string
  state: string
  /** GST state code; null when the address names no state GST knows. */
  stateCode: string | null
}

/**
 * Everything an issued invoice prints, fixed when it is issued (JSON-safe: dates as ISO text). The PDF is
 * drawn from this alone, so the invoice never changes even if the seller's details or the order do.
 */
export type InvoiceSnapshot = {
  version: 1
  number: string
  financialYear: string
  issuedAt: string
  order: { id: string; number: string; placedAt: string; paymentType: 'cash' | 'online' }
  seller: Seller
  /** The shop takes one address: the customer is billed at the address the goods are shipped to. */
  billTo: InvoiceParty
  shipTo: InvoiceParty
  placeOfSupply: { state: string; code: string | null }
  intraState: boolean
  lines: TaxedLine[]
  totals: InvoiceTotals
  summary: TaxSummaryRow[]
  amountInWords: string
}

function party(s: InvoicedOrder['shipping']): InvoiceParty {
  const state = gstState(s.state)
  return {
    name: s.customerName,
    address: [
      [s.houseNumber, s.street].filter(Boolean).join(', '),
      s.addressLine1,
      s.addressLine2,
      `${s.city} ${s.postalCode}`,
      `${state?.name ?? s.state}, ${s.country}`,
    ].filter((line) => line.trim() !== ''),
    phone: s.phoneNumber,
    state: state?.name ?? s.state,
    stateCode: state?.code ?? null,
  }
}

/**
 * The tax invoice of a shipped order: its lines that were not cancelled, taxed as sold (prices include
 * GST), CGST + SGST when shipped within the seller's state, IGST otherwise.
 */
export function buildInvoice(input: {
  order: InvoicedOrder
  seller: Seller
  number: string
  financialYear: string
  issuedAt: Date
}): InvoiceSnapshot {
  const { order, seller } = input
  const shipTo = party(order.shipping)
  const intraState = isIntraState(seller.state.code, order.shipping.state)
  const taxed = taxInvoice(
    order.items
      .filter((item) => item.status !== 'cancelled')
      .map((item) => ({
        name: item.name,
        hsnCode: item.hsnCode,
        quantity: item.quantity,
        unitPricePaise: item.unitPricePaise,
        mrpPaise: item.mrpPaise ?? item.unitPricePaise,
        gstRate: item.gstRate,
      })),
    intraState,
  )
  return {
    version: 1,
    number: input.number,
    financialYear: input.financialYear,
    issuedAt: input.issuedAt.toISOString(),
    order: {
      id: order.id,
      number: order.number,
      placedAt: order.createdAt.toISOString(),
      paymentType: order.paymentType,
    },
    seller,
    billTo: shipTo,
    shipTo,
    placeOfSupply: { state: shipTo.state, code: shipTo.stateCode },
    intraState,
    lines: taxed.lines,
    totals: taxed.totals,
    summary: taxed.summary,
    amountInWords: rupeesInWords(taxed.totals.total),
  }
}
