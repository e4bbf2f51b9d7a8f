import { until } from '@medstore/service-kit/testing'
import { describe, expect, it } from 'vitest'
import { useMessagingWithSmtp } from './support/messaging-with-smtp'

const { sut, mailsTo } = useMessagingWithSmtp()

describe('e-mail notifications (SMTP_URL set)', () => {
  it('e-mails a password reset link to the account’s owner', async () => {
    await sut.bus.publish('user.registered', {
      userId: 'user-kabir',
      userName: 'kabir',
      email: 'kabir@example.in',
      name: 'Kabir Shah',
    })
    await sut.bus.publish('user.password_reset_requested', {
      userId: 'user-kabir',
      resetUrl: 'https://shop.example.in/reset-password?token=abc123',
      expiresAt: '2026-11-28T10:30:00.000Z',
    })
    await until(() => mailsTo('kabir@example.in').length === 1)
    const text = (mailsTo('kabir@example.in')[0]?.data ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    expect(text).toContain('Subject: About your account | Medicine Store')
    expect(text).toContain('https://shop.example.in/reset-password?token=abc123')
    expect(text).toContain('It works once, until 4:00 pm (India time).')
  })

  it('e-mails the owner of an account whose sign-ins keep failing, and does not list it among orders', async () => {
    await sut.bus.publish('user.registered', {
      userId: 'user-meera',
      userName: 'meera',
      email: 'meera@example.in',
      name: 'Meera Iyer',
    })
    await sut.bus.publish('user.sign_in_failures', {
      userId: 'user-meera',
      failures: 5,
      lastAddress: '203.0.113.9',
    })
    await until(() => mailsTo('meera@example.in').length === 1)
    const [mail] = mailsTo('meera@example.in')
    // The body is quoted-printable: long lines are folded with a soft break.
    const text = (mail?.data ?? '').replace(/=\r?\n/g, '')
    expect(text).toContain('Subject: About your account | Medicine Store')
    expect(text).toContain('tried to sign in to your Medicine Store account 5 times')
    expect(text).toContain('Hello Meera Iyer,')
    expect(text).toContain('you can still sign in as usual')
    expect(text).not.toContain('under My Orders')
    const res = await fetch(`${sut.service.url}/message/notifications`, {
      headers: { authorization: `bearer ${sut.issuer.tokenFor({ id: 'user-meera', name: 'Meera Iyer' })}` },
    })
    expect(await res.json()).toEqual([])
  })

  it('e-mails the customer when their order ships', async () => {
    await sut.bus.publish('user.registered', {
      userId: 'user-asha',
      userName: 'asha',
      email: 'asha@example.in',
      name: 'Asha Rao',
    })
    await until(async () => (await sut.service.db.customer.count({ where: { id: 'user-asha' } })) === 1)
    await sut.bus.publish('order.status_changed', {
      orderId: 'order-1',
      userId: 'user-asha',
      number: 'MS-000123',
      status: 'shipped',
    })

    await until(() => mailsTo('asha@example.in').length === 1)
    const [mail] = mailsTo('asha@example.in')
    expect(mail?.from).toBe('orders@medicine-store.test')
    expect(mail?.data).toContain('Subject: Your order MS-000123 has been shipped | Medicine Store')
    expect(mail?.data).toContain('Hello Asha Rao,')
    expect(mail?.data).toContain('Your order MS-000123 has been shipped.')
    await until(
      async () =>
        (await sut.service.db.notification.findFirst({ where: { orderId: 'order-1' } }))?.delivery === 'sent',
    )
    expect(await sut.service.db.notification.findFirst({ where: { orderId: 'order-1' } })).toMatchObject({
      channel: 'smtp',
      attempts: 1,
    })
  })

  it("keeps trying until it knows the customer's address, then sends once", async () => {
    await sut.bus.publish('order.created', {
      orderId: 'order-2',
      userId: 'user-ravi',
      number: 'MS-000124',
      status: 'pending',
    })
    const notification = () => sut.service.db.notification.findFirst({ where: { orderId: 'order-2' } })
    await until(async () => ((await notification())?.attempts ?? 0) >= 2)
    expect(await notification()).toMatchObject({
      delivery: 'pending',
      lastError: 'no e-mail address known for this customer yet',
    })

    await sut.bus.publish('user.registered', {
      userId: 'user-ravi',
      userName: 'ravi',
      email: 'ravi@example.in',
      name: 'Ravi Kumar',
    })
    await until(async () => (await notification())?.delivery === 'sent', 20_000)
    expect(mailsTo('ravi@example.in')).toHaveLength(1)
    expect(mailsTo('ravi@example.in')[0]?.data).toContain('Your order MS-000124 has been placed.')
  })
})
