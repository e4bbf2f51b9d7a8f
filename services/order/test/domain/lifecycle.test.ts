import { describe, expect, it } from 'vitest'
import {
  deriveOrderStatus,
  type OrderState,
  planItemStatus,
  planOrderStatus,
  transitionRefusal,
} from '../../src/domain/lifecycle'

const order = (status: OrderState['status'], ...items: OrderState['status'][]): OrderState => ({
  status,
  items: items.map((s, i) => ({ id: `i${i}`, productId: `p${i}`, status: s })),
})

describe('order life cycle', () => {
  it('lets an order move forward, skipping steps, and processing go back to pending', () => {
    expect(transitionRefusal('pending', 'processing', 'order')).toBeUndefined()
    expect(transitionRefusal('pending', 'delivered', 'order')).toBeUndefined()
    expect(transitionRefusal('processing', 'pending', 'order')).toBeUndefined()
  })

  it('never takes a delivered or cancelled order anywhere else', () => {
    expect(transitionRefusal('delivered', 'pending', 'order')).toBe(
      'This order has been delivered; its status can no longer change',
    )
    expect(transitionRefusal('cancelled', 'pending', 'order')).toBe(
      'This order has been cancelled; its status can no longer change',
    )
    expect(transitionRefusal('delivered', 'cancelled', 'item')).toMatch(/^This item has been delivered/)
  })

  it('refuses going back from shipped and cancelling after shipping', () => {
    expect(transitionRefusal('shipped', 'processing', 'order')).toBe(
      'This order is shipped and cannot go back to processing',
    )
    expect(transitionRefusal('shipped', 'cancelled', 'order')).toBe(
      'This order has already been shipped and can no longer be cancelled',
    )
  })

  it('derives the order status from its items', () => {
    expect(deriveOrderStatus([{ status: 'delivered' }, { status: 'delivered' }])).toBe('delivered')
    expect(deriveOrderStatus([{ status: 'delivered' }, { status: 'shipped' }])).toBe('shipped')
    expect(deriveOrderStatus([{ status: 'cancelled' }, { status: 'delivered' }])).toBe('delivered')
    expect(deriveOrderStatus([{ status: 'cancelled' }, { status: 'cancelled' }])).toBe('cancelled')
  })

  it('cancelling an order cancels every item', () => {
    const plan = planOrderStatus(order('processing', 'processing', 'pending', 'cancelled'), 'cancelled')
    expect(plan).toMatchObject({ ok: true, status: 'cancelled' })
    expect(plan.ok && plan.changedItems.map((i) => [i.id, i.from, i.status])).toEqual([
      ['i0', 'processing', 'cancelled'],
      ['i1', 'pending', 'cancelled'],
    ])
  })

  it('refuses cancelling an order with an item already shipped', () => {
    expect(planOrderStatus(order('processing', 'shipped', 'processing'), 'cancelled')).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'An item has already been shipped and can no longer be cancelled',
    })
  })

  it('moving the order forward brings the items that are behind along, not those ahead', () => {
    const plan = planOrderStatus(order('pending', 'pending', 'shipped'), 'processing')
    expect(plan.ok && plan.changedItems.map((i) => [i.id, i.status])).toEqual([['i0', 'processing']])
    expect(plan).toMatchObject({ ok: true, status: 'processing' })
  })

  it('delivers the order when its last item is delivered', () => {
    const plan = planItemStatus(order('shipped', 'delivered', 'shipped'), 'i1', 'delivered')
    expect(plan).toMatchObject({ ok: true, status: 'delivered' })
  })

  it('cancels the order when its last remaining item is cancelled', () => {
    expect(planItemStatus(order('pending', 'cancelled', 'pending'), 'i1', 'cancelled')).toMatchObject({
      ok: true,
      status: 'cancelled',
    })
  })

  it('answers an unknown item as not found and a refused item move as a conflict', () => {
    expect(planItemStatus(order('pending', 'pending'), 'nope', 'shipped')).toMatchObject({
      ok: false,
      kind: 'not-found',
    })
    expect(planItemStatus(order('delivered', 'delivered'), 'i0', 'pending')).toMatchObject({
      ok: false,
      kind: 'conflict',
    })
  })

  it('changes nothing when the status is already the one asked for', () => {
    expect(planOrderStatus(order('processing', 'processing'), 'processing')).toEqual({
      ok: true,
      status: 'processing',
      changedItems: [],
    })
  })
})
