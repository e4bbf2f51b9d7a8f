import PDFDocument from 'pdfkit'
import type { TaxedLine, TaxSummaryRow } from '../domain/invoice/gst'
import type { InvoiceParty, InvoiceSnapshot } from '../domain/invoice/invoice'
import { type InvoiceFonts, invoiceFonts } from './fonts'
import { amount, indianDate, partyLines, paymentText, percent, rupees, stateWithCode } from './format'
import { type Column, INK, MUTED, RULE, Sheet } from './sheet'

const A4_MARGIN = 36
const FOOTER_HEIGHT = 18
const BODY = 8.5
const SMALL = 7.5
const TABLE = 7.5
const WARNING = '#b3261e'

export const NOT_VALID_MARK = 'DEVELOPMENT DEFAULTS — NOT A VALID TAX INVOICE'

type LineRow = Pick<
  TaxedLine,
  'name' | 'hsnCode' | 'quantity' | 'gross' | 'taxable' | 'cgst' | 'sgst' | 'igst'
> & {
  index: string
  mrp: string
  rate: string
  gstRate: string
}

/**
 * The tax invoice as an A4 PDF, drawn from its snapshot alone: the same snapshot always gives the same
 * bytes (the document's dates are the invoice's, the font is the service's own), so the invoice a customer
 * downloads again, or a re-render after the stored file was lost, is the one that was issued.
 */
export async function renderInvoicePdf(
  invoice: InvoiceSnapshot,
  fonts: InvoiceFonts = invoiceFonts(),
): Promise<Uint8Array<ArrayBuffer>> {
  const issued = new Date(invoice.issuedAt)
  const doc = new PDFDocument({
    size: 'A4',
    margin: A4_MARGIN,
    bufferPages: true,
    // pdfkit starts every document in Helvetica unless told otherwise; ours has the rupee sign and Devanagari.
    // A parsed fontkit font is a source pdfkit takes as it is (its typings know only paths and bytes).
    font: fonts.regular as unknown as string,
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: `Tax invoice ${invoice.number}`,
      Author: invoice.seller.name,
      Subject: `GST tax invoice for order ${invoice.order.number}`,
      Creator: 'Medicine Store',
      CreationDate: issued,
      ModDate: issued,
    },
  })
  doc.registerFont('regular', fonts.regular as unknown as Buffer)
  doc.registerFont('bold', fonts.bold as unknown as Buffer)
  const chunks: Uint8Array[] = []
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk))
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('end', () => resolve(concat(chunks)))
    doc.on('error', reject)
  })

  const sheet = new Sheet(doc, FOOTER_HEIGHT)
  title(sheet, invoice)
  sellerAndInvoice(sheet, invoice)
  parties(sheet, invoice.billTo, invoice.shipTo)
  sheet.y += 10
  sheet.text(
    'Amounts in ₹. Prices include GST; the taxable value is derived from them.',
    sheet.left,
    sheet.y,
    sheet.width,
    {
      size: SMALL,
      color: MUTED,
    },
  )
  sheet.y += 12
  sheet.table(lineColumns(invoice.intraState, sheet.width), lineRows(invoice), TABLE, [totalRow(invoice)])
  totals(sheet, invoice)
  amountInWords(sheet, invoice)
  taxSummary(sheet, invoice)
  declaration(sheet, invoice)
  pageFooters(doc, invoice)
  doc.end()
  return done
}

function concat(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.length
  }
  return bytes
}

function title(sheet: Sheet, invoice: InvoiceSnapshot) {
  const { left, width } = sheet
  sheet.text('TAX INVOICE', left, sheet.y, width, { size: 16, bold: true, align: 'center' })
  sheet.text('Original for recipient', left, sheet.y + 4, width, {
    size: SMALL,
    color: MUTED,
    align: 'right',
  })
  sheet.y += 26
  if (invoice.seller.developmentDefaults) {
    const note =
      'The seller named here is a placeholder (the SELLER_* settings are not set): this document is for development and testing only.'
    const height = 16 + sheet.measure(note, width - 16, { size: SMALL })
    sheet.doc.rect(left, sheet.y, width, height).lineWidth(1.2).strokeColor(WARNING).stroke()
    sheet.text(NOT_VALID_MARK, left + 8, sheet.y + 4, width - 16, {
      size: 10,
      bold: true,
      color: WARNING,
      align: 'center',
    })
    sheet.text(note, left + 8, sheet.y + 17, width - 16, { size: SMALL, color: WARNING, align: 'center' })
    sheet.y += height + 8
  }
}

function sellerAndInvoice(sheet: Sheet, invoice: InvoiceSnapshot) {
  const { seller } = invoice
  const top = sheet.y
  const pad = 6
  const sellerWidth = Math.round(sheet.width * 0.56)
  const factsWidth = sheet.width - sellerWidth
  const sellerLines = [
    ...seller.address,
    `GSTIN: ${seller.gstin}`,
    `State: ${stateWithCode(seller.state.name, seller.state.code)}`,
    ...seller.drugLicences.map((licence) => `Drug licence: ${licence}`),
  ]
  const facts: [string, string][] = [
    ['Invoice no.', invoice.number],
    ['Invoice date', indianDate(invoice.issuedAt)],
    ['Order no.', invoice.order.number],
    ['Order date', indianDate(invoice.order.placedAt)],
    ['Payment', paymentText(invoice.order.paymentType)],
    ['Place of supply', stateWithCode(invoice.placeOfSupply.state, invoice.placeOfSupply.code)],
    ['Supply', invoice.intraState ? 'Intra-state (CGST + SGST)' : 'Inter-state (IGST)'],
    ['Reverse charge', 'No'],
  ]

  const inner = sellerWidth - 2 * pad
  let y = top + pad
  sheet.text('SOLD BY', sheet.left + pad, y, inner, { size: 6.5, bold: true, color: MUTED })
  y += 10
  y += sheet.text(seller.name, sheet.left + pad, y, inner, { size: 11, bold: true })
  for (const line of sellerLines) y += sheet.text(line, sheet.left + pad, y, inner, { size: BODY })
  const sellerBottom = y + pad

  const labelWidth = 72
  const x = sheet.left + sellerWidth + pad
  const valueWidth = factsWidth - 2 * pad - labelWidth
  y = top + pad
  for (const [label, value] of facts) {
    sheet.text(label, x, y, labelWidth, { size: BODY, color: MUTED })
    y += sheet.text(value, x + labelWidth, y, valueWidth, { size: BODY, bold: label === 'Invoice no.' }) + 1
  }
  const bottom = Math.max(sellerBottom, y + pad)
  sheet.box(sheet.left, top, sellerWidth, bottom - top)
  sheet.box(sheet.left + sellerWidth, top, factsWidth, bottom - top)
  sheet.y = bottom
}

function parties(sheet: Sheet, billTo: InvoiceParty, shipTo: InvoiceParty) {
  const pad = 6
  const half = sheet.width / 2
  const inner = half - 2 * pad
  const top = sheet.y
  const draw = (label: string, party: InvoiceParty, x: number) => {
    let y = top + pad
    sheet.text(label, x + pad, y, inner, { size: 6.5, bold: true, color: MUTED })
    y += 10
    y += sheet.text(party.name, x + pad, y, inner, { size: 10, bold: true })
    for (const line of partyLines(party)) y += sheet.text(line, x + pad, y, inner, { size: BODY })
    return y + pad
  }
  const bottom = Math.max(draw('BILL TO', billTo, sheet.left), draw('SHIP TO', shipTo, sheet.left + half))
  sheet.box(sheet.left, top, half, bottom - top)
  sheet.box(sheet.left + half, top, half, bottom - top)
  sheet.y = bottom
}

/** The line table's columns: the description takes what the figures leave of the page's width. */
export function lineColumns(intraState: boolean, width: number): Column<LineRow>[] {
  const money = (header: string, cell: (row: LineRow) => string, w = 46): Column<LineRow> => ({
    header,
    width: w,
    align: 'right',
    cell,
  })
  const tax: Column<LineRow>[] = intraState
    ? [money('CGST', (r) => amount(r.cgst), 42), money('SGST', (r) => amount(r.sgst), 42)]
    : [money('IGST', (r) => amount(r.igst), 46)]
  const figures: Column<LineRow>[] = [
    { header: 'HSN', width: 44, cell: (r) => r.hsnCode },
    { header: 'Qty', width: 24, align: 'right', cell: (r) => (r.index ? String(r.quantity) : '') },
    money('MRP', (r) => r.mrp, 44),
    money('Rate', (r) => r.rate, 44),
    money('Taxable value', (r) => amount(r.taxable), 50),
    { header: 'GST', width: 26, align: 'right', cell: (r) => r.gstRate },
    ...tax,
    money('Amount', (r) => amount(r.gross), 52),
  ]
  const index: Column<LineRow> = { header: '#', width: 16, align: 'right', cell: (r) => r.index }
  const used = index.width + figures.reduce((sum, c) => sum + c.width, 0)
  return [index, { header: 'Description', width: width - used, cell: (r) => r.name }, ...figures]
}

function lineRows(invoice: InvoiceSnapshot): LineRow[] {
  return invoice.lines.map((line, i) => ({
    ...line,
    index: String(i + 1),
    mrp: amount(line.mrpPaise),
    rate: amount(line.unitPricePaise),
    gstRate: percent(line.gstRate),
  }))
}

function totalRow(invoice: InvoiceSnapshot): LineRow {
  const { totals } = invoice
  return {
    index: '',
    name: 'Total',
    hsnCode: '',
    quantity: 0,
    mrp: '',
    rate: '',
    gstRate: '',
    gross: totals.total,
    taxable: totals.taxable,
    cgst: totals.cgst,
    sgst: totals.sgst,
    igst: totals.igst,
  }
}

function totals(sheet: Sheet, invoice: InvoiceSnapshot) {
  const { totals: t } = invoice
  const rows: [string, string][] = [
    ['Taxable value', rupees(t.taxable)],
    ...(invoice.intraState
      ? ([
          ['CGST', rupees(t.cgst)],
          ['SGST', rupees(t.sgst)],
        ] as [string, string][])
      : ([['IGST', rupees(t.igst)]] as [string, string][])),
    ['Total tax', rupees(t.tax)],
  ]
  const width = 220
  const x = sheet.left + sheet.width - width
  const lineHeight = 12
  sheet.y += 8
  sheet.ensure(rows.length * lineHeight + 24)
  for (const [label, value] of rows) {
    sheet.text(label, x, sheet.y, width / 2, { size: BODY, color: MUTED })
    sheet.text(value, x + width / 2, sheet.y, width / 2, { size: BODY, align: 'right' })
    sheet.y += lineHeight
  }
  sheet.rule(sheet.y + 1, x, width, INK, 0.8)
  sheet.y += 5
  sheet.text('Invoice total', x, sheet.y, width / 2, { size: 11, bold: true })
  sheet.text(rupees(t.total), x + width / 2, sheet.y, width / 2, { size: 11, bold: true, align: 'right' })
  sheet.y += 18
}

function amountInWords(sheet: Sheet, invoice: InvoiceSnapshot) {
  const words = `${invoice.amountInWords} Only`
  sheet.ensure(14 + sheet.measure(words, sheet.width, { size: BODY, bold: true }))
  sheet.text('Amount in words', sheet.left, sheet.y, sheet.width, { size: SMALL, color: MUTED })
  sheet.y += 10
  sheet.y += sheet.text(words, sheet.left, sheet.y, sheet.width, { size: BODY, bold: true })
  sheet.y += 10
}

function taxSummary(sheet: Sheet, invoice: InvoiceSnapshot) {
  const money = (header: string, cell: (r: TaxSummaryRow) => string): Column<TaxSummaryRow> => ({
    header,
    width: 0,
    align: 'right',
    cell,
  })
  const columns: Column<TaxSummaryRow>[] = [
    { header: 'HSN', width: 0, cell: (r) => r.hsnCode },
    { header: 'GST rate', width: 0, align: 'right', cell: (r) => (r.hsnCode ? percent(r.gstRate) : '') },
    money('Taxable value', (r) => amount(r.taxable)),
    ...(invoice.intraState
      ? [money('CGST', (r) => amount(r.cgst)), money('SGST', (r) => amount(r.sgst))]
      : [money('IGST', (r) => amount(r.igst))]),
    money('Total tax', (r) => amount(r.cgst + r.sgst + r.igst)),
  ]
  for (const c of columns) c.width = sheet.width / columns.length
  const { totals: t } = invoice
  const total: TaxSummaryRow = {
    hsnCode: '',
    gstRate: 0,
    taxable: t.taxable,
    cgst: t.cgst,
    sgst: t.sgst,
    igst: t.igst,
  }
  sheet.ensure(40)
  sheet.text('Tax summary by HSN', sheet.left, sheet.y, sheet.width, { size: SMALL, color: MUTED })
  sheet.y += 10
  sheet.table(columns, invoice.summary, TABLE, [total])
  sheet.y += 14
}

function declaration(sheet: Sheet, invoice: InvoiceSnapshot) {
  const text =
    'We declare that this invoice shows the actual price of the goods described and that all particulars are true and correct. This is a computer-generated invoice.'
  const signatory = `For ${invoice.seller.name}`
  const half = sheet.width / 2
  sheet.ensure(Math.max(sheet.measure(text, half - 10, { size: SMALL }), 44))
  const top = sheet.y
  sheet.text(text, sheet.left, top, half - 10, { size: SMALL, color: MUTED })
  sheet.text(signatory, sheet.left + half, top, half, { size: BODY, bold: true, align: 'right' })
  sheet.text('Authorised signatory', sheet.left + half, top + 32, half, {
    size: SMALL,
    color: MUTED,
    align: 'right',
  })
  sheet.y = top + 44
}

/**
 * Every page: the invoice number and "page n of m" (and, after the first, that it continues); a development
 * invoice also says in its footer and across the page that it is not a valid tax invoice.
 */
function pageFooters(doc: InstanceType<typeof PDFDocument>, invoice: InvoiceSnapshot) {
  const { start, count } = doc.bufferedPageRange()
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i)
    const { width, height, margins } = doc.page
    const y = height - margins.bottom - 8
    // Below the bottom margin: without this pdfkit would start another page for the footer.
    const bottom = margins.bottom
    doc.page.margins.bottom = 0
    doc
      .moveTo(margins.left, y - 4)
      .lineTo(width - margins.right, y - 4)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke()
    doc.font('regular').fontSize(SMALL).fillColor(MUTED)
    if (invoice.seller.developmentDefaults) {
      doc
        .fillColor(WARNING)
        .text(
          `Tax invoice ${invoice.number} · NOT A VALID TAX INVOICE (development defaults)`,
          margins.left,
          y,
          { lineBreak: false },
        )
      doc.fillColor(MUTED)
    } else doc.text(`Tax invoice ${invoice.number}`, margins.left, y, { lineBreak: false })
    if (i > start)
      doc.text(`Tax invoice ${invoice.number} (continued)`, margins.left, margins.top - 16, {
        lineBreak: false,
      })
    doc.text(`Page ${i - start + 1} of ${count}`, margins.left, y, {
      width: width - margins.left - margins.right,
      align: 'right',
      lineBreak: false,
    })
    if (invoice.seller.developmentDefaults) {
      doc.save()
      doc.rotate(-35, { origin: [width / 2, height / 2] })
      doc.font('bold').fontSize(40).fillColor(WARNING).fillOpacity(0.12)
      doc.text('NOT A VALID TAX INVOICE', 0, height / 2 - 20, { width, align: 'center', lineBreak: false })
      doc.restore()
    }
    doc.page.margins.bottom = bottom
  }
}
