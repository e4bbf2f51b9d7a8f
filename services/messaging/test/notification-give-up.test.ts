import { until, useServiceUnderTest } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messagingService } from '../src/service'
import { startSmtpServer } from './support/smtp-server'

// A file of its own: two messaging services in one file would share the test bus's queue.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>

beforeAll(async () => {
  smtp = await startSmtpServer()
})
const sut = useServiceUnderTest(messagingService, () => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Medicine Store <orders@medicine-store.test>',
  NOTIFY_POLL_MS: '50',
  NOTIFY_RETRY_MS: '50',
  NOTIFY_MAX_ATTEMPTS: '2',
}))

afterAll(async () => {
  await smtp?.close()
})

describe('a notification that cannot be delivered', () => {
  it('is marked failed with its reason after NOTIFY_MAX_ATTEMPTS, and not tried again', async () => {
    await sut.bus.publish('order.created', {
      orderId: 'order-3',
      userId: 'user-nobody',
      number: 'MS-000125',
      status: 'pending',
    })
    const notification = () => sut.service.db.notification.findFirst({ where: { orderId: 'order-3' } })
    await until(async () => (await notification())?.delivery === 'failed')
    expect(await notification()).toMatchObject({
      attempts: 2,
      lastError: 'no e-mail address known for this customer yet',
      sentAt: null,
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await notification())?.attempts).toBe(2)
  })
})
