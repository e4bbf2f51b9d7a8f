import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildInvoice } from '../../src/domain/invoice/invoice'
import { NOT_VALID_MARK, renderInvoicePdf } from '../../src/invoice-pdf/render-invoice-pdf'
import { sellerOf } from '../../src/seller'
import { PRODUCTION_SELLER, shipping, startWorld, type World } from '../helpers'
import { shippedOrder, TEST_SELLER } from './fixtures'
import { pdfFonts, pdfPageCount, pdfPagePng, pdfText } from './poppler'

/**
 * The GST tax invoice end to end: orders placed through the API, shipped by the administrator, the PDF
 * fetched through GET /order/invoice and read back the way a person and a reader would (poppler's text
 * extraction, its font list, page 1 drawn as a PNG under test-results/invoices/ for people to look at).
 */
const PICTURES = path.resolve(import.meta.dirname, '../../../../test-results/invoices')

let w: World
let asha: string
let ravi: string
const products: Record<'paracetamol' | 'churna' | 'chyawanprash', string> = {} as never

beforeAll(async () => {
  w = await startWorld({ ...PRODUCTION_SELLER })
  asha = w.issuer.customer()
  ravi = w.issuer.tokenFor({ id: 'user-2', name: 'Ravi Kumar' })
  products.paracetamol = await w.product({
    name: 'Paracetamol 500 mg Tablet',
    price: 199,
    facts: { hsnCode: '3004', gstRate: 12, mrp: 210 },
  })
  products.churna = await w.product({
    name: 'Ashwagandha Churna',
    price: 10,
    facts: { hsnCode: '30039011', gstRate: 18, mrp: 12 },
  })
  products.chyawanprash = await w.product({
    name: 'Chyawanprash Awaleha with Ashwagandha, Amla and forty other Ayurvedic herbs, family pack of one kilogram',
    price: 149.5,
    facts: { hsnCode: '3004', gstRate: 5, mrp: 160 },
  })
}, 120_000)
afterAll(async () => w?.close())

type Placed = { _id: string; number: string; totalPrice: number }

async function placeCashOrder(items: [keyof typeof products, number][], state: string): Promise<Placed> {
  const res = await w.api('POST', '/order', {
    token: asha,
    json: {
      items: items.map(([name, quantity]) => ({ productId: products[name], quantity })),
      shippingInfo: shipping({
        customerName: 'सुनीता शर्मा',
        addressLine1: 'फ्लैट 4, गंगा अपार्टमेंट',
        state,
        city: state === 'Maharashtra' ? 'Pune' : 'Bengaluru',
        postalCode: state === 'Maharashtra' ? '411004' : '560001',
      }),
      paymentType: 'cash',
    },
  })
  expect(res.status, res.text).toBe(201)
  return res.body.order
}

const ship = async (orderId: string) => {
  const res = await w.api('PUT', `/order?orderId=${orderId}`, { token: w.admin, json: { status: 'shipped' } })
  expect(res.status, res.text).toBe(200)
}

/** GET /order/invoice as `token`: the status, headers and the body's bytes (not read as text). */
async function download(orderId: string | undefined, token?: string) {
  const query = orderId === undefined ? '' : `?orderId=${encodeURIComponent(orderId)}`
  const res = await fetch(`${w.order.url}/order/invoice${query}`, {
    headers: token ? { authorization: `bearer ${token}` } : {},
  })
  const bytes = new Uint8Array(await res.arrayBuffer())
  const json = () => JSON.parse(Buffer.from(bytes).toString('utf8'))
  return { status: res.status, headers: res.headers, bytes, json }
}

const invoiceOf = (orderId: string) => w.order.db.invoice.findUniqueOrThrow({ where: { orderId } })

describe('GET /order/invoice', () => {
  let interState: Placed

  beforeAll(async () => {
    interState = await placeCashOrder(
      [
        ['paracetamol', 2],
        ['churna', 3],
        ['chyawanprash', 1],
      ],
      'Karnataka',
    )
  })

  it('has no invoice before the order ships, and shows none to anyone but its owner and the administrator', async () => {
    const early = await download(interState._id, asha)
    expect(early.status).toBe(409)
    expect(early.json()).toMatchObject({ code: 'invoice_not_issued' })
    expect((await download(interState._id, w.admin)).status).toBe(409)
    // Another customer's order is "not found", as for the order itself, before and after shipping.
    expect((await download(interState._id, ravi)).status).toBe(404)
    expect((await download('no-such-order', asha)).status).toBe(404)
    expect((await download(interState._id)).status).toBe(401)
    const missing = await download(undefined, asha)
    expect(missing.status).toBe(400)
    expect(missing.json().errors[0].path).toBe('orderId')
    expect(await w.order.db.invoice.count({ where: { orderId: interState._id } })).toBe(0)
  })

  it('serves the shipped order’s invoice as a PDF download to its owner and the administrator, the same file every time', async () => {
    await ship(interState._id)
    const stored = await invoiceOf(interState._id)
    expect(stored.number).toMatch(/^MS\/\d{4}-\d{2}\/\d{6}$/)

    const mine = await download(interState._id, asha)
    expect(mine.status).toBe(200)
    expect(mine.headers.get('content-type')).toBe('application/pdf')
    expect(mine.headers.get('content-disposition')).toBe(
      `attachment; filename="${stored.number.replaceAll('/', '-')}.pdf"`,
    )
    expect(mine.headers.get('cache-control')).toBe('no-store')
    expect(Number(mine.headers.get('content-length'))).toBe(mine.bytes.length)
    expect(Buffer.from(mine.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')

    const admins = await download(interState._id, w.admin)
    expect(admins.status).toBe(200)
    expect(Buffer.from(admins.bytes).equals(Buffer.from(mine.bytes))).toBe(true)
    expect((await download(interState._id, ravi)).status).toBe(404)
    // Kept as first rendered; and the snapshot alone renders the same bytes again.
    const kept = await invoiceOf(interState._id)
    expect(Buffer.from(kept.pdf!).equals(Buffer.from(mine.bytes))).toBe(true)
    const again = await renderInvoicePdf(kept.snapshot as never)
    expect(Buffer.from(again).equals(Buffer.from(mine.bytes))).toBe(true)
  })

  it('prints what a GST tax invoice must, inter-state with IGST, adding up to the order total to the paisa', async () => {
    const { bytes } = await download(interState._id, asha)
    const { number } = await invoiceOf(interState._id)
    pdfPagePng(bytes, 1, path.join(PICTURES, 'inter-state-order-page-1.png'))
    const text = pdfText(bytes)

    // The seller (configuration), the invoice, the order.
    for (const line of [
      'Test Pharmacy Private Limited',
      'GSTIN: 27AABCM1234D1Z1',
      'State: Maharashtra (27)',
      'Drug licence: Form 20: MH-PN-000001',
      'Drug licence: Form 21: MH-PN-000002',
      `Invoice no. ${number}`,
      `Order no. ${interState.number}`,
      'Place of supply Karnataka (29)',
      'Supply Inter-state (IGST)',
    ])
      expect(text).toContain(line)
    expect(text).toMatch(/Invoice date \d{2} [A-Z][a-z]{2} \d{4}/)
    expect(text).toMatch(/Order date \d{2} [A-Z][a-z]{2} \d{4}/)
    expect(text).not.toContain(NOT_VALID_MARK)

    // Billed and shipped to the customer, whose name and address are in Hindi.
    expect(text.match(/सुनीता शर्मा/g)).toHaveLength(2)
    expect(text).toContain('फ्लैट 4, गंगा अपार्टमेंट')
    expect(text).toContain('State: Karnataka (29)')

    // Per line: HSN, quantity, MRP, rate, taxable value, GST rate, IGST, amount (tax-inclusive prices):
    // 2 × ₹199.00 at 12%: taxable round(39800 × 100 / 112) = 35536 paise, tax 4264.
    expect(text).toContain('3004 2 210.00 199.00 355.36 12% 42.64 398.00')
    // 3 × ₹10.00 at 18%: 3000 × 100 / 118 = 2542.37… → 2542, tax 458.
    expect(text).toContain('30039011 3 12.00 10.00 25.42 18% 4.58 30.00')
    // 1 × ₹149.50 at 5%: 14950 × 100 / 105 = 14238.09… → 14238, tax 712; its long name wraps.
    expect(text).toContain('3004 1 160.00 149.50 142.38 5% 7.12 149.50')
    expect(text).toMatch(/Chyawanprash Awaleha with Ashwagandha,/)
    expect(text).not.toContain('CGST')
    expect(text).not.toContain('SGST')

    // Totals: the order's ₹577.50 to the paisa, its tax all IGST, and in words.
    expect(interState.totalPrice).toBe(577.5)
    expect(text).toContain('Total 523.16 54.34 577.50')
    expect(text).toContain('Taxable value ₹523.16')
    expect(text).toContain('IGST ₹54.34')
    expect(text).toContain('Invoice total ₹577.50')
    expect(text).toContain('Five Hundred Seventy-Seven Rupees and Fifty Paise Only')
    // The HSN summary: one row per HSN and rate.
    expect(text).toContain('3004 5% 142.38 7.12 7.12')
    expect(text).toContain('3004 12% 355.36 42.64 42.64')
    expect(text).toContain('30039011 18% 25.42 4.58 4.58')
  })

  it('embeds its own font, which has the rupee sign and Devanagari, and no other', async () => {
    const { bytes } = await download(interState._id, asha)
    const fonts = pdfFonts(bytes)
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'NotoSansDevanagari-Bold',
      'NotoSansDevanagari-Regular',
    ])
    expect(fonts.every((f) => f.embedded)).toBe(true)
    // The rupee sign is a glyph of that font, so it extracts as ₹ (a missing glyph would not).
    expect(pdfText(bytes)).toContain('₹577.50')
  })

  it('issues the invoice of an order shipped before invoices existed at its first download, once', async () => {
    // Written straight to the database as shipped, with no invoice (customer-1's order).
    const legacy = await shippedOrder(w.order.db)
    expect((await download(legacy, asha)).status).toBe(404)
    expect(await w.order.db.invoice.count({ where: { orderId: legacy } })).toBe(0)
    const [first, second] = await Promise.all([download(legacy, w.admin), download(legacy, w.admin)])
    expect([first.status, second.status]).toEqual([200, 200])
    expect(Buffer.from(first.bytes).equals(Buffer.from(second.bytes))).toBe(true)
    expect(await w.order.db.invoice.count({ where: { orderId: legacy } })).toBe(1)
    expect(pdfText(first.bytes)).toContain((await invoiceOf(legacy)).number)
  })

  it('splits the tax into CGST and SGST when the order ships within the seller’s state', async () => {
    const intra = await placeCashOrder(
      [
        ['paracetamol', 1],
        ['churna', 1],
      ],
      'Maharashtra',
    )
    await ship(intra._id)
    const { bytes, status } = await download(intra._id, asha)
    expect(status).toBe(200)
    pdfPagePng(bytes, 1, path.join(PICTURES, 'intra-state-order-page-1.png'))
    const text = pdfText(bytes)
    expect(text).toContain('Supply Intra-state (CGST + SGST)')
    // ₹199.00 at 12%: 17768 + 2132 → 1066 + 1066; ₹10.00 at 18%: 847 + 153 → 77 + 76 (the odd paisa to CGST).
    expect(text).toContain('3004 1 210.00 199.00 177.68 12% 10.66 10.66 199.00')
    expect(text).toContain('30039011 1 12.00 10.00 8.47 18% 0.77 0.76 10.00')
    expect(text).toContain('Total 186.15 11.43 11.42 209.00')
    expect(text).toContain('CGST ₹11.43')
    expect(text).toContain('SGST ₹11.42')
    expect(text).toContain('Invoice total ₹209.00')
    expect(text).toContain('Two Hundred Nine Rupees Only')
    expect(text).not.toContain('IGST')
  })
})

describe('the invoice layout', () => {
  const order = (lines: number) => ({
    id: 'order-30',
    number: 'MS-000030',
    createdAt: new Date('2026-06-01T10:00:00Z'),
    paymentType: 'online' as const,
    shipping: {
      customerName: 'राजेश कुमार',
      phoneNumber: '9876543210',
      houseNumber: '12',
      street: 'MG Road',
      addressLine1: '12 MG Road',
      addressLine2: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      country: 'India',
    },
    items: Array.from({ length: lines }, (_, i) => ({
      name:
        i % 5 === 2
          ? `Line ${i + 1}: Dashamoolarishta Ayurvedic tonic with ten roots for strength after childbirth, 450 ml bottle`
          : `Line ${i + 1}: Medicine ${i + 1} 500 mg tablets`,
      hsnCode: i % 2 ? '30039011' : '3004',
      gstRate: [5, 12, 18][i % 3]!,
      quantity: (i % 3) + 1,
      unitPricePaise: 10_000 + i * 137,
      mrpPaise: 11_000 + i * 137,
      status: 'shipped',
    })),
  })
  const invoiceFor = (lines: number, seller = TEST_SELLER) =>
    buildInvoice({
      order: order(lines),
      seller,
      number: 'MS/2026-27/000030',
      financialYear: '2026-27',
      issuedAt: new Date('2026-06-05T09:00:00Z'),
    })

  it('carries thirty lines over pages, the table header on each, every line and the total once', async () => {
    const invoice = invoiceFor(30)
    const bytes = await renderInvoicePdf(invoice)
    const pages = pdfPageCount(bytes)
    expect(pages).toBeGreaterThanOrEqual(2)
    for (let page = 1; page <= pages; page++)
      pdfPagePng(bytes, page, path.join(PICTURES, `thirty-lines-page-${page}.png`))
    const text = pdfText(bytes)
    for (let line = 1; line <= 30; line++) expect(text).toContain(`Line ${line}: `)
    const second = pdfText(bytes, { first: 2, last: 2 })
    expect(second).toContain('Tax invoice MS/2026-27/000030 (continued)')
    expect(second).toMatch(/# Description HSN Qty MRP Rate Taxable/)
    expect(text).toContain(`Page ${pages} of ${pages}`)
    expect(text.match(/Invoice total/g)).toHaveLength(1)
    expect(text).toContain(`Invoice total ₹${rupeeFigures(invoice.totals.total)}`)
  })

  it('says across every page that an invoice with the development seller is not a valid tax invoice', async () => {
    const bytes = await renderInvoicePdf(invoiceFor(30, sellerOf({} as never)))
    pdfPagePng(bytes, 1, path.join(PICTURES, 'development-defaults-page-1.png'))
    const text = pdfText(bytes)
    expect(text).toContain(NOT_VALID_MARK)
    // The banner on page 1, then every page's footer.
    expect(text.match(/NOT A VALID TAX INVOICE/g)).toHaveLength(1 + pdfPageCount(bytes))
  })
})

/** 2773020 → '27,730.20'. */
function rupeeFigures(paise: number): string {
  return `${Math.trunc(paise / 100).toLocaleString('en-IN')}.${String(paise % 100).padStart(2, '0')}`
}
