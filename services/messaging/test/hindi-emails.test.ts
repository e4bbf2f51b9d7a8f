import { until } from '@medstore/service-kit/testing'
import { describe, expect, it } from 'vitest'
import { useMessagingWithSmtp } from './support/messaging-with-smtp'
import { readMail } from './support/read-mail'

const { sut, mailsTo } = useMessagingWithSmtp()

const register = async (userId: string, email: string, name: string, locale?: 'en' | 'hi' | null) => {
  await sut.bus.publish('user.registered', { userId, userName: userId, email, name, locale })
  await until(async () => (await sut.service.db.customer.count({ where: { id: userId, email } })) === 1)
}
const mails = (address: string) => mailsTo(address).map((mail) => readMail(mail.data))

describe("e-mails in the customer's language", () => {
  it('writes the order e-mails of a customer who signed up in Hindi in Hindi', async () => {
    await register('user-priya', 'priya@example.in', 'प्रिया शर्मा', 'hi')
    await sut.bus.publish('order.status_changed', {
      orderId: 'order-hi-1',
      userId: 'user-priya',
      number: 'MS-000201',
      status: 'shipped',
    })
    await until(() => mailsTo('priya@example.in').length === 1)
    expect(mails('priya@example.in')[0]).toEqual({
      subject: 'आपका ऑर्डर MS-000201 भेज दिया गया है | Medicine Store',
      body:
        'नमस्ते प्रिया शर्मा,\n\nआपका ऑर्डर MS-000201 भेज दिया गया है।\n\n' +
        'आप ऑर्डर MS-000201 की स्थिति “मेरे ऑर्डर” में देख सकते हैं।\n\nMedicine Store\n',
    })
  })

  it('follows a switch of language: the next e-mail is in the language chosen', async () => {
    await register('user-arjun', 'arjun@example.in', 'Arjun Mehta')
    await sut.bus.publish('order.created', {
      orderId: 'order-hi-2',
      userId: 'user-arjun',
      number: 'MS-000202',
      status: 'pending',
    })
    await until(() => mailsTo('arjun@example.in').length === 1)
    expect(mails('arjun@example.in')[0]?.subject).toBe(
      'Your order MS-000202 has been placed | Medicine Store',
    )

    await sut.bus.publish('user.locale_changed', { userId: 'user-arjun', locale: 'hi' })
    await until(
      async () =>
        (await sut.service.db.customer.findUnique({ where: { id: 'user-arjun' } }))?.locale === 'hi',
    )
    await sut.bus.publish('prescription.rejected', {
      orderId: 'order-hi-2',
      userId: 'user-arjun',
      number: 'MS-000202',
      prescriptionId: 'rx-1',
      reason: 'The doctor’s signature is missing.',
      rejectedAt: '2026-12-01T10:00:00.000Z',
      reattachBy: '2026-12-03T11:00:00.000Z',
    })
    await until(() => mailsTo('arjun@example.in').length === 2)
    const rejected = mails('arjun@example.in')[1]
    expect(rejected?.subject).toContain('आपके ऑर्डर MS-000202 का पर्चा स्वीकार नहीं किया गया')
    expect(rejected?.body).toContain('नमस्ते Arjun Mehta,')
    expect(rejected?.body).toContain('3 दिस॰, 4:30 pm (भारतीय समय)')

    await sut.bus.publish('user.locale_changed', { userId: 'user-arjun', locale: 'en' })
    await until(
      async () =>
        (await sut.service.db.customer.findUnique({ where: { id: 'user-arjun' } }))?.locale === 'en',
    )
    await sut.bus.publish('order.status_changed', {
      orderId: 'order-hi-2',
      userId: 'user-arjun',
      number: 'MS-000202',
      status: 'cancelled',
    })
    await until(() => mailsTo('arjun@example.in').length === 3)
    expect(mails('arjun@example.in')[2]?.subject).toBe(
      'Your order MS-000202 has been cancelled | Medicine Store',
    )
  })

  it('e-mails a password reset link in Hindi', async () => {
    await register('user-kavya', 'kavya@example.in', 'Kavya Nair', 'hi')
    await sut.bus.publish('user.password_reset_requested', {
      userId: 'user-kavya',
      resetUrl: 'https://shop.example.in/reset-password?token=xyz789',
      expiresAt: '2026-11-28T10:30:00.000Z',
    })
    await until(() => mailsTo('kavya@example.in').length === 1)
    const [mail] = mails('kavya@example.in')
    expect(mail?.subject).toBe('आपके खाते के बारे में | Medicine Store')
    expect(mail?.body).toContain(
      'नया पासवर्ड चुनने के लिए यह लिंक खोलें: https://shop.example.in/reset-password?token=xyz789',
    )
    expect(mail?.body).toContain('यह 4:00 pm (भारतीय समय) तक एक बार काम करता है।')
  })

  it('keeps a language chosen before the registration arrives', async () => {
    await sut.bus.publish('user.locale_changed', { userId: 'user-dev', locale: 'hi' })
    await until(async () => (await sut.service.db.customer.count({ where: { id: 'user-dev' } })) === 1)
    await register('user-dev', 'dev@example.in', 'Dev Patel', null)
    expect((await sut.service.db.customer.findUnique({ where: { id: 'user-dev' } }))?.locale).toBe('hi')
    await sut.bus.publish('order.created', {
      orderId: 'order-hi-3',
      userId: 'user-dev',
      number: 'MS-000203',
      status: 'pending',
    })
    await until(() => mailsTo('dev@example.in').length === 1)
    expect(mails('dev@example.in')[0]?.subject).toBe('आपका ऑर्डर MS-000203 दे दिया गया है | Medicine Store')
  })
})

describe("the order timeline in the page's language", () => {
  const list = (userId: string, query = '') =>
    fetch(`${sut.service.url}/message/notifications${query}`, {
      headers: { authorization: `bearer ${sut.issuer.tokenFor({ id: userId, name: 'Asha' })}` },
    })

  it('lists the same notifications in Hindi or English, as asked', async () => {
    await sut.bus.publish('order.refund_changed', {
      orderId: 'order-hi-4',
      userId: 'user-list',
      number: 'MS-000204',
      refundId: 'refund-1',
      itemId: null,
      amount: 1299.5,
      status: 'processed',
    })
    await until(async () => ((await (await list('user-list')).json()) as unknown[]).length === 1)
    const [english] = await (await list('user-list')).json()
    const [hindi] = await (await list('user-list', '?locale=hi')).json()
    expect(english.text).toBe('Refund of ₹1,299.50 for your order MS-000204 has been processed')
    expect(hindi.text).toBe('आपके ऑर्डर MS-000204 के ₹1,299.50 के रिफ़ंड का भुगतान कर दिया गया है')
    expect({ ...hindi, text: english.text }).toEqual(english)
    // Only what the text is made of is kept with it, not the whole event.
    const stored = await sut.service.db.notification.findFirst({ where: { orderId: 'order-hi-4' } })
    expect(stored?.params).toEqual({
      kind: 'order.refund_changed',
      number: 'MS-000204',
      status: 'processed',
      amount: 1299.5,
    })
  })

  it('refuses a language the shop does not speak', async () => {
    const res = await list('user-list', '?locale=fr')
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('Language must be one of en, hi')
  })
})
