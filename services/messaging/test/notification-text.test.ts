import { describe, expect, it } from 'vitest'
import { notificationEmail, notificationText, retryDelayMs } from '../src/domain/notification-text'

describe('notificationText', () => {
  const number = 'MS-000123'
  it('announces a new order as placed', () => {
    expect(notificationText({ kind: 'order.created', number, status: 'pending' })).toBe(
      'Your order MS-000123 has been placed',
    )
  })

  it.each([
    ['pending', 'Your order MS-000123 is awaiting confirmation'],
    ['processing', 'Your order MS-000123 is being prepared'],
    ['shipped', 'Your order MS-000123 has been shipped'],
    ['delivered', 'Your order MS-000123 has been delivered'],
    ['cancelled', 'Your order MS-000123 has been cancelled'],
  ] as const)('says what a change to %s means', (status, text) => {
    expect(notificationText({ kind: 'order.status_changed', number, status })).toBe(text)
  })

  it.each([
    ['pending', 'Refund of ₹1,23,456.50 for your order MS-000123 has been initiated'],
    ['processed', 'Refund of ₹1,23,456.50 for your order MS-000123 has been processed'],
    [
      'failed',
      'Refund of ₹1,23,456.50 for your order MS-000123 could not be processed; our team will contact you',
    ],
  ] as const)('says what a refund %s means, with the amount', (status, text) => {
    expect(notificationText({ kind: 'order.refund_changed', number, status, amount: 123_456.5 })).toBe(text)
  })

  it("names the product of an item's change, or says 'an item' when it is unknown", () => {
    expect(
      notificationText({
        kind: 'order.item_status_changed',
        number,
        status: 'shipped',
        productName: 'Triphala',
      }),
    ).toBe('Triphala in your order MS-000123 has been shipped')
    expect(notificationText({ kind: 'order.item_status_changed', number, status: 'cancelled' })).toBe(
      'An item in your order MS-000123 has been cancelled',
    )
  })
})

describe('notificationEmail', () => {
  it('greets the customer and repeats the news', () => {
    const mail = notificationEmail({
      text: 'Your order MS-000123 has been shipped',
      orderNumber: 'MS-000123',
      customerName: 'Asha Rao',
    })
    expect(mail.subject).toBe('Your order MS-000123 has been shipped | Medicine Store')
    expect(mail.body).toContain('Hello Asha Rao,')
    expect(mail.body).toContain('Your order MS-000123 has been shipped.')
  })
})

describe('retryDelayMs', () => {
  it('doubles from the base and stops at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1_000))).toEqual([1_000, 2_000, 4_000, 8_000])
    expect(retryDelayMs(30, 30_000)).toBe(3_600_000)
  })
})
