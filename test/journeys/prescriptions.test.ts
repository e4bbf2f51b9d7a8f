/**
 * Issue 32 in Chromium: a customer orders a Schedule H medicine with a photo of a prescription; the
 * pharmacist approves it in the back-office's Prescriptions panel and the customer's My Orders shows the
 * order moving on; a second order's prescription is rejected and the customer reads the reason. The whole
 * shop (test/browser harness: real services, gateway, production builds, demo catalogue), screenshots of
 * the checkout's Prescription step and of the panel at 360 and 1280 px, axe on each screen.
 */
import type { Browser } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHIPPING } from '../../gateway/test/support.ts'
import {
  callGateway,
  fillShippingForm,
  hasChromium,
  horizontalOverflow,
  launchChromium,
  openPage,
  placeCashOrder,
  type Shop,
  type StoredProfile,
  saveScreenshot,
  seriousAxeProblems,
  signInAdmin,
  signUpCustomer,
  startShop,
  type TestPage,
} from '../browser/index.ts'
import { step } from './report.ts'

interface Product {
  _id: string
  name: string
  stock: number
  schedule?: string
}
interface Order {
  _id: string
  number: string
  status: string
  prescription: { status: string; reason: string | null } | null
}

const JOURNEY = { timeout: 300_000 }
const REASON = 'The doctor’s signature and registration number are not on the prescription.'

/** A photo of a prescription: a white sheet with a letterhead band and ruled lines, as a JPEG. */
function prescriptionPhoto(): Promise<Buffer> {
  const lines = Array.from(
    { length: 9 },
    (_, i) => `<rect x="60" y="${260 + i * 56}" width="${480 - (i % 3) * 90}" height="6" fill="#334155"/>`,
  ).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="#fdfdf8"/>
    <rect width="600" height="150" fill="#1e3a8a"/>
    <rect x="60" y="190" width="60" height="40" fill="#0f172a"/>
    ${lines}
    <rect x="360" y="740" width="180" height="4" fill="#0f172a"/>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()
}

describe.skipIf(!hasChromium)('prescriptions, from checkout to the pharmacist and back', () => {
  let shop: Shop
  let browser: Browser
  let medicine: Product
  let customer: StoredProfile
  let adminProfile: StoredProfile
  let photo: Buffer
  let approvedOrder: Order

  const api = <T>(method: string, path: string, who?: StoredProfile, body?: unknown) =>
    callGateway<T>(shop.gatewayUrl, method, path, who, body)
  const ordersOf = async (who: StoredProfile) =>
    (await api<{ orders: Order[] }>('GET', '/order/user-order', who)).orders

  /** The screen at this width: nothing wider than the viewport, axe clean, a screenshot to look at. */
  async function check(page: TestPage, name: string) {
    expect(await horizontalOverflow(page), `${name} overflows`).toBe(0)
    expect(await seriousAxeProblems(page, name)).toEqual([])
    await saveScreenshot(page, name)
  }

  beforeAll(async () => {
    ;[shop, browser, photo] = await Promise.all([startShop(), launchChromium(), prescriptionPhoto()])
    const { products } = await api<{ products: Product[] }>('GET', '/product?limit=100')
    const rx = products.filter((p) => (p.schedule === 'H' || p.schedule === 'H1') && p.stock >= 5)
    expect(rx.length, 'the demo catalogue has Schedule H medicines in stock').toBeGreaterThan(0)
    medicine = rx[0] as Product
    ;[customer, adminProfile] = (await Promise.all([
      signUpCustomer(shop.gatewayUrl),
      signInAdmin(shop.gatewayUrl),
    ])) as [StoredProfile, StoredProfile]
    const probe = (await signUpCustomer(shop.gatewayUrl)) as StoredProfile
    const refused = await fetch(`${shop.gatewayUrl}/order`, {
      method: 'POST',
      headers: { authorization: `bearer ${probe.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ productId: medicine._id, quantity: 1 }],
        shippingInfo: SHIPPING,
        paymentType: 'cash',
      }),
    })
    // Without a prescription the order is refused, with the code the checkout's step answers to.
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { code?: string }).code).toBe('prescription_required')
  }, 300_000)
  afterAll(async () => {
    await browser?.close()
    await shop?.close()
  })

  it('1. the customer orders an H medicine with a photo of the prescription', JOURNEY, async () => {
    await api('POST', '/cart', customer, { productId: medicine._id, quantity: 1 })
    const page = await openPage(browser, `${shop.shellUrl}/checkout`, { profile: customer, width: 1280 })
    const stepBox = page.getByTestId('prescription-step')
    const place = page.getByRole('button', { name: 'Place Order' })
    await step('checkout: the Prescription step says one is needed; Place Order waits', [page], async () => {
      await fillShippingForm(page)
      // Where the cart's lines do not say their schedule, the order service's refusal brings the step.
      if (!(await stepBox.isVisible())) await place.click()
      await stepBox.getByText('need a doctor’s prescription').waitFor()
      await page.getByTestId('prescription-needed').waitFor()
      expect(await place.isDisabled()).toBe(true)
      await check(page, 'h32-checkout-prescription-needed')
    })
    await step('upload the photo: it is chosen, Place Order opens', [page], async () => {
      await stepBox.getByLabel('Or upload a new prescription (photo or PDF)').setInputFiles({
        name: 'prescription.jpg',
        mimeType: 'image/jpeg',
        buffer: photo,
      })
      await stepBox.getByRole('button', { name: 'Upload prescription' }).click()
      await stepBox.getByRole('radio', { checked: true }).waitFor()
      expect(await place.isEnabled()).toBe(true)
      await check(page, 'h32-checkout-prescription-attached')
    })
    await step('place the order with cash', [page], async () => {
      await placeCashOrder(page)
      const [order] = await ordersOf(customer)
      expect(order?.prescription?.status).toBe('awaiting_verification')
      approvedOrder = order as Order
    })
    await step('My orders: the order awaits prescription verification', [page], async () => {
      await page.goto(`${shop.shellUrl}/my-orders`)
      await page.getByRole('button', { name: `View order ${approvedOrder.number}` }).click()
      await page.getByText('Awaiting prescription verification by our pharmacist').waitFor()
    })
    expect(page.problems).toEqual([])
  })

  it(
    '2. the pharmacist approves it in the Prescriptions panel; My Orders shows it moving on',
    JOURNEY,
    async () => {
      const admin = await openPage(browser, `${shop.shellUrl}/vendor/prescriptions`, {
        profile: adminProfile,
        width: 1280,
      })
      const row = admin.locator(`tr[data-order="${approvedOrder.number}"]`)
      await step('the queue lists the order with how long it has waited', [admin], async () => {
        await row.waitFor()
        await row.getByText(`${medicine.name} × 1`).waitFor()
        await row.getByText(/\d+ min/).waitFor()
        await check(admin, 'h32-panel-queue')
        await admin.setViewportSize({ width: 360, height: 740 })
        await check(admin, 'h32-panel-queue')
        await admin.setViewportSize({ width: 1280, height: 800 })
      })
      await step('Review: the photo beside the Rx lines; zoom and rotate', [admin], async () => {
        await row.getByRole('button', { name: `Review order ${approvedOrder.number}` }).click()
        const image = admin.getByRole('img', { name: /Prescription of order .* page 1 of 1/ })
        await image.waitFor()
        await admin.waitForFunction(() => {
          const img = document.querySelector('figure img') as HTMLImageElement | null
          return Boolean(img?.complete && img.naturalWidth > 0)
        })
        expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600)
        await check(admin, 'h32-panel-review')
        await admin.getByRole('button', { name: 'Zoom in' }).click()
        await admin.getByRole('button', { name: 'Rotate' }).click()
        expect(await image.getAttribute('data-rotation')).toBe('90')
        await admin.getByRole('button', { name: 'Reset' }).click()
        await admin.setViewportSize({ width: 360, height: 740 })
        await check(admin, 'h32-panel-review')
        await admin.setViewportSize({ width: 1280, height: 800 })
      })
      await step('Approve with what the pharmacist read', [admin], async () => {
        await admin.getByLabel("Doctor's name").fill('Dr Kavita Menon')
        await admin.getByLabel('Registration number').fill('KMC 45678')
        await admin.getByLabel("Patient's name").fill('Asha Rao')
        // Typed day first, as the prescription shows it.
        const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata' }).format(new Date())
        await admin.getByLabel('Prescription date').fill(today)
        await admin.getByRole('button', { name: 'Approve' }).click()
        await admin.getByText(`Prescription of order ${approvedOrder.number} approved`).waitFor()
        await row.waitFor({ state: 'detached' })
      })
      await step('the order may now move on: processing', [admin], async () => {
        // The order service hears the approval through the bus: until then it still refuses.
        for (let attempt = 0; ; attempt++) {
          const [order] = await ordersOf(customer)
          if (order?.prescription?.status === 'approved') break
          if (attempt > 40) throw new Error(`the order's prescription stayed ${order?.prescription?.status}`)
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
        await api('PUT', `/order?orderId=${approvedOrder._id}`, adminProfile, { status: 'processing' })
      })
      const page = await openPage(browser, `${shop.shellUrl}/my-orders`, { profile: customer, width: 1280 })
      await step('My orders: approved, and processing', [page], async () => {
        const myRow = page.locator(`[data-testid="order-row"][data-order-number="${approvedOrder.number}"]`)
        await myRow.locator('[data-status="processing"]').waitFor()
        await myRow.getByRole('button', { name: `View order ${approvedOrder.number}` }).click()
        await page.getByText('Prescription approved by our pharmacist').waitFor()
        await check(page, 'h32-my-orders-approved')
      })
      expect(admin.problems).toEqual([])
      expect(page.problems).toEqual([])
    },
  )

  it(
    '3. a second order reuses the approved prescription; the pharmacist rejects it; the customer reads why',
    JOURNEY,
    async () => {
      await api('POST', '/cart', customer, { productId: medicine._id, quantity: 1 })
      const page = await openPage(browser, `${shop.shellUrl}/checkout`, { profile: customer, width: 360 })
      const stepBox = page.getByTestId('prescription-step')
      await step('checkout at 360 px: choose the approved prescription', [page], async () => {
        await fillShippingForm(page)
        if (!(await stepBox.isVisible())) await page.getByRole('button', { name: 'Place Order' }).click()
        const approved = stepBox.getByRole('radio', { name: /Approved · valid until/ })
        await approved.waitFor()
        await check(page, 'h32-checkout-prescription-needed')
        await approved.check()
        await check(page, 'h32-checkout-prescription-attached')
        await placeCashOrder(page)
      })
      const [second] = await ordersOf(customer)
      expect(second?.prescription?.status).toBe('awaiting_verification')
      const admin = await openPage(browser, `${shop.shellUrl}/vendor/prescriptions?order=${second?._id}`, {
        profile: adminProfile,
        width: 360,
      })
      await step('the pharmacist rejects it with a reason', [admin], async () => {
        await admin.getByRole('img', { name: /page 1 of 1/ }).waitFor()
        await admin.getByRole('button', { name: 'Reject' }).click()
        await admin.getByText('Give the reason').waitFor()
        await admin.getByLabel('Reason').fill(REASON)
        await admin.getByRole('button', { name: 'Reject' }).click()
        await admin.getByText(`Prescription of order ${second?.number} rejected`).waitFor()
      })
      await step('My orders: rejected with the reason, and a way to attach another', [page], async () => {
        for (let attempt = 0; ; attempt++) {
          const [order] = await ordersOf(customer)
          if (order?.prescription?.status === 'rejected') break
          if (attempt > 40) throw new Error(`the order's prescription stayed ${order?.prescription?.status}`)
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
        await page.goto(`${shop.shellUrl}/my-orders`)
        await page.getByRole('button', { name: `View order ${second?.number}` }).click()
        await page.getByText(`Prescription rejected: ${REASON}`).waitFor()
        await page.getByRole('button', { name: 'Attach to this order' }).waitFor()
        await check(page, 'h32-my-orders-rejected')
      })
      await step('My prescriptions lists the prescription with its state', [page], async () => {
        await page.goto(`${shop.shellUrl}/my-prescriptions`)
        await page.getByTestId('prescription').first().waitFor()
        await check(page, 'h32-my-prescriptions')
        await page.setViewportSize({ width: 1280, height: 800 })
        await check(page, 'h32-my-prescriptions')
      })
      expect(admin.problems).toEqual([])
      expect(page.problems).toEqual([])
    },
  )
})
