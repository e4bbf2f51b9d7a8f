import { describe, expect, it } from 'vitest'
import { CATALOGUES, message } from '../src/domain/messages'
import {
  type Notice,
  notificationEmail,
  noticeText as notificationText,
  retryDelayMs,
} from '../src/domain/notification-text'

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
      language: 'en',
    })
    expect(mail.subject).toBe('Your order MS-000123 has been shipped | Medicine Store')
    expect(mail.body).toContain('Hello Asha Rao,')
    expect(mail.body).toContain('Your order MS-000123 has been shipped.')
  })
})

describe('the catalogues', () => {
  it('have the same keys in every language', () => {
    const keys = (language: keyof typeof CATALOGUES) => Object.keys(CATALOGUES[language]).sort()
    expect(keys('hi')).toEqual(keys('en'))
  })

  it('parse and format every message in every language', () => {
    for (const language of ['en', 'hi'] as const)
      for (const key of Object.keys(CATALOGUES.en) as (keyof typeof CATALOGUES.en)[])
        expect(() =>
          message(language, key, {
            number: 'MS-1',
            status: 'shipped',
            product: 'P',
            amount: '₹1.00',
            reason: 'r',
            until: 't',
            failures: 5,
            url: 'u',
            name: 'n',
            text: 'x',
          }),
        ).not.toThrow()
  })
})

describe('in Hindi', () => {
  const number = 'MS-000123'
  const notices: Notice[] = [
    { kind: 'order.created', number, status: 'pending' },
    { kind: 'order.status_changed', number, status: 'shipped' },
    { kind: 'order.item_status_changed', number, status: 'delivered', productName: 'Triphala Churna' },
    { kind: 'order.item_status_changed', number, status: 'cancelled', productName: null },
    { kind: 'order.refund_changed', number, status: 'processed', amount: 1299.5 },
    { kind: 'prescription.approved', number },
    {
      kind: 'prescription.rejected',
      number,
      reason: 'The prescription is older than six months.',
      reattachBy: '2026-12-03T11:00:00.000Z',
    },
    { kind: 'account.sign_in_failures', failures: 5 },
    {
      kind: 'account.password_reset',
      resetUrl: 'https://shop.example/reset-password?token=abc',
      expiresAt: '2026-12-03T11:00:00.000Z',
    },
  ]

  it.each(notices.map((notice) => [notice.kind, notice] as const))(
    'writes %s in Devanagari, keeping names, numbers and links as they are',
    (_, notice) => {
      const text = notificationText(notice, 'hi')
      expect(text).toMatch(/[\u0900-\u097F]/)
      expect(text).not.toBe(notificationText(notice, 'en'))
      // Nothing English is left but what the data itself brings (names, numbers, links, the shop's name).
      const leftover = text
        .replace(
          /MS-\d+|Triphala Churna|Medicine Store|https:\S+|The prescription is older than six months/g,
          '',
        )
        .match(/[A-Za-z]{3,}/g)
      expect(leftover).toBeNull()
    },
  )

  it('says what happened to the order in Hindi word order', () => {
    expect(notificationText({ kind: 'order.status_changed', number, status: 'shipped' }, 'hi')).toBe(
      'आपका ऑर्डर MS-000123 भेज दिया गया है',
    )
    expect(
      notificationText({ kind: 'order.refund_changed', number, status: 'pending', amount: 123_456.5 }, 'hi'),
    ).toBe('आपके ऑर्डर MS-000123 के ₹1,23,456.50 के रिफ़ंड की प्रक्रिया शुरू कर दी गई है')
  })

  it('dates a deadline in Hindi, in India time', () => {
    const text = notificationText(notices[6] as Notice, 'hi')
    expect(text).toContain('3 दिस॰, 4:30 pm')
    expect(text).toContain('The prescription is older than six months।')
  })

  it('e-mails a Hindi greeting, sentence and signature', () => {
    const text = notificationText({ kind: 'order.status_changed', number, status: 'shipped' }, 'hi')
    const mail = notificationEmail({ text, orderNumber: number, customerName: 'आशा राव', language: 'hi' })
    expect(mail.subject).toBe('आपका ऑर्डर MS-000123 भेज दिया गया है | Medicine Store')
    expect(mail.body).toBe(
      'नमस्ते आशा राव,\n\nआपका ऑर्डर MS-000123 भेज दिया गया है।\n\nआप ऑर्डर MS-000123 की स्थिति “मेरे ऑर्डर” में देख सकते हैं।\n\nMedicine Store\n',
    )
    const account = notificationEmail({ text: 'x', orderNumber: '', customerName: '', language: 'hi' })
    expect(account).toEqual({
      subject: 'आपके खाते के बारे में | Medicine Store',
      body: 'नमस्ते,\n\nx\n\nMedicine Store\n',
    })
  })
})

describe('retryDelayMs', () => {
  it('doubles from the base and stops at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1_000))).toEqual([1_000, 2_000, 4_000, 8_000])
    expect(retryDelayMs(30, 30_000)).toBe(3_600_000)
  })
})
