import { until } from '@medstore/service-kit/testing'
import { describe, expect, it } from 'vitest'
import { useMessagingWithSmtp } from './support/messaging-with-smtp'

const { sut, mailsTo } = useMessagingWithSmtp()

/** A mail's text with quoted-printable soft breaks and escapes undone. */
const plain = (data = '') => data.replace(/=\r?\n/g, '').replace(/=3D/g, '=')

describe("a pharmacist's decision on an order's prescription", () => {
  it('e-mails the rejection with its reason and the 48-hour window, and the approval, and lists both in the order timeline', async () => {
    await sut.bus.publish('user.registered', {
      userId: 'user-asha',
      userName: 'asha',
      email: 'asha@example.in',
      name: 'Asha Rao',
    })
    const order = { orderId: 'order-rx-1', userId: 'user-asha', number: 'MS-000321', prescriptionId: 'rx-1' }
    await sut.bus.publish('prescription.rejected', {
      ...order,
      reason: 'The prescription is not signed.',
      rejectedAt: '2026-11-28T06:00:00.000Z',
      reattachBy: '2026-11-30T06:00:00.000Z',
    })
    await until(() => mailsTo('asha@example.in').length === 1)
    const rejected = plain(mailsTo('asha@example.in')[0]?.data)
    expect(rejected).toContain('Hello Asha Rao,')
    expect(rejected).toContain(
      'The prescription for your order MS-000321 was not accepted: The prescription is not signed. Please attach another prescription under My Orders by 30 Nov, 11:30 am (India time); otherwise the order will be cancelled and nothing charged',
    )

    await sut.bus.publish('prescription.approved', {
      ...order,
      prescriptionId: 'rx-2',
      pharmacistId: 'admin-1',
      pharmacistName: 'Meera',
      doctorName: 'Dr. Kavita Menon',
      doctorRegistration: 'KMC-45821',
      patientName: 'Asha Rao',
      issuedOn: '2026-11-20',
      validUntil: '2027-05-19',
      approvedAt: '2026-11-28T08:00:00.000Z',
    })
    await until(() => mailsTo('asha@example.in').length === 2)
    expect(plain(mailsTo('asha@example.in')[1]?.data)).toContain(
      'The prescription for your order MS-000321 has been approved by our pharmacist; your order will now be prepared',
    )

    const res = await fetch(`${sut.service.url}/message/notifications`, {
      headers: { authorization: `bearer ${sut.issuer.tokenFor({ id: 'user-asha', name: 'Asha Rao' })}` },
    })
    const listed = (await res.json()) as { kind: string; status: string; orderId: string }[]
    expect(listed.map((n) => [n.kind, n.status, n.orderId])).toEqual([
      ['prescription.approved', 'approved', 'order-rx-1'],
      ['prescription.rejected', 'rejected', 'order-rx-1'],
    ])
  })
})
