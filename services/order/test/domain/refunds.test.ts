import { describe, expect, it } from 'vitest'
import { nextPaymentStatus, paymentMismatch } from '../../src/domain/payment-status'
import {
  itemRefundId,
  nextRefundStatus,
  orderRefundId,
  paidOrderPaymentStatus,
  refundsOwed,
} from '../../src/domain/refunds'

const item = (id: string, status: 'pending' | 'cancelled', unitPricePaise: number, quantity = 1) => ({
  id,
  status,
  unitPricePaise,
  quantity,
})

describe('refundsOwed', () => {
  const paid = {
    id: 'o1',
    status: 'pending' as const,
    paidPaise: 25_000,
    items: [item('a', 'pending', 10_000, 2), item('b', 'pending', 5_000)],
  }

  it('owes nothing for an unpaid order, or a paid one with nothing cancelled', () => {
    expect(refundsOwed({ ...paid, paidPaise: null, status: 'cancelled' }, [])).toEqual([])
    expect(refundsOwed(paid, [])).toEqual([])
  })

  it('owes a cancelled item its price, once', () => {
    const order = { ...paid, items: [paid.items[0]!, item('b', 'cancelled', 5_000)] }
    expect(refundsOwed(order, [])).toEqual([{ id: itemRefundId('b'), itemId: 'b', amountPaise: 5_000 }])
    expect(refundsOwed(order, [{ id: itemRefundId('b'), amountPaise: 5_000, status: 'pending' }])).toEqual([])
  })

  it('owes a cancelled order what is left of the payment after item refunds', () => {
    const order = { ...paid, status: 'cancelled' as const }
    expect(refundsOwed(order, [])).toEqual([{ id: orderRefundId('o1'), itemId: null, amountPaise: 25_000 }])
    expect(refundsOwed(order, [{ id: itemRefundId('b'), amountPaise: 5_000, status: 'processed' }])).toEqual([
      { id: orderRefundId('o1'), itemId: null, amountPaise: 20_000 },
    ])
    expect(refundsOwed(order, [{ id: orderRefundId('o1'), amountPaise: 25_000, status: 'failed' }])).toEqual(
      [],
    )
  })

  it('never owes more than was paid', () => {
    const order = { ...paid, paidPaise: 12_000, items: [item('a', 'cancelled', 10_000, 2), paid.items[1]!] }
    expect(refundsOwed(order, [])).toEqual([{ id: itemRefundId('a'), itemId: 'a', amountPaise: 12_000 }])
  })

  it('makes ids fit for an idempotency key (letters, digits, - and _)', () => {
    expect(orderRefundId('9f1c…/x')).toBe('order_9f1c--x')
  })
})

describe('payment statuses', () => {
  it('a paid order with refunds: pending, refunded, or failed for a person', () => {
    expect(paidOrderPaymentStatus('processing', [{ status: 'processed' }])).toBe('paid')
    expect(paidOrderPaymentStatus('cancelled', [{ status: 'pending' }])).toBe('refund_pending')
    expect(paidOrderPaymentStatus('cancelled', [{ status: 'processed' }, { status: 'pending' }])).toBe(
      'refund_pending',
    )
    expect(paidOrderPaymentStatus('cancelled', [{ status: 'processed' }])).toBe('refunded')
    expect(paidOrderPaymentStatus('cancelled', [{ status: 'failed' }, { status: 'pending' }])).toBe(
      'refund_failed',
    )
  })

  it('settles a refund once', () => {
    expect(nextRefundStatus('pending', 'processed')).toBe('processed')
    expect(nextRefundStatus('processed', 'failed')).toBeUndefined()
    expect(nextRefundStatus('pending', 'pending')).toBeUndefined()
  })

  it('payments: paid is final, a lapsed link fails an open payment', () => {
    expect(nextPaymentStatus('pending', 'paid')).toBe('paid')
    expect(nextPaymentStatus('failed', 'paid')).toBe('paid')
    expect(nextPaymentStatus('pending', 'expired')).toBe('failed')
    expect(nextPaymentStatus('paid', 'expired')).toBeUndefined()
    expect(nextPaymentStatus('refund_pending', 'paid')).toBeUndefined()
  })

  it('takes a payment only in the order amount and in rupees, both reported', () => {
    const order = { totalPaise: 49_900 }
    expect(paymentMismatch(order, { amountPaise: 49_900, currency: 'INR' })).toBeUndefined()
    expect(paymentMismatch(order, { amountPaise: 49_900, currency: 'inr' })).toBeUndefined()
    expect(paymentMismatch(order, { amountPaise: 100, currency: 'INR' })).toMatch(/paid 100 paise/)
    expect(paymentMismatch(order, { amountPaise: 49_900, currency: 'USD' })).toMatch(/in USD/)
    expect(paymentMismatch(order, { currency: 'INR' })).toMatch(/amount .* not reported/)
    expect(paymentMismatch(order, { amountPaise: 49_900 })).toMatch(/currency .* not reported/)
  })
})
