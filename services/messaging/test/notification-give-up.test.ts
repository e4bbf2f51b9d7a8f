import { until } from '@medstore/service-kit/testing'
import { describe, expect, it } from 'vitest'
import { useMessagingWithSmtp } from './support/messaging-with-smtp'

// A file of its own: two messaging services in one file would share the test bus's queue.
const { sut } = useMessagingWithSmtp({ NOTIFY_MAX_ATTEMPTS: '2' })

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
