// Steps of the checkout that several browser suites take the same way (the checkout suite, the journeys).
import type { Page } from 'playwright-core'

/** A valid delivery address, by the checkout form's field labels. */
export const SHIPPING_FORM = {
  'Mobile number': '9876543210',
  'House number': '12',
  Street: 'MG Road',
  'Address line 1': 'Flat 4B, Lotus Apartments',
  City: 'Pune',
  State: 'Maharashtra',
  'PIN code': '411001',
} as const

export async function fillShippingForm(page: Page): Promise<void> {
  for (const [label, value] of Object.entries(SHIPPING_FORM))
    await page.getByLabel(label, { exact: true }).fill(value)
}

/**
 * On a filled checkout with cash chosen: places the order and waits for its confirmation page, which
 * says 'Order created successfully.' (the spec's words) on arrival.
 * Returns the order number and total the confirmation shows.
 */
export async function placeCashOrder(page: Page): Promise<{ number: string; total: string }> {
  await page.getByRole('button', { name: 'Place Order' }).click()
  await page.waitForURL('**/checkout/confirmation?orderId=*')
  await page.getByRole('status').getByText('Order created successfully.').waitFor()
  await page.getByText('Thank you! Your order is placed.').waitFor()
  await page.getByText('Cash on delivery').waitFor()
  const number = (await page.getByTestId('order-number').textContent()) ?? ''
  const total = (await page.getByTestId('order-total').textContent()) ?? ''
  return { number, total }
}
