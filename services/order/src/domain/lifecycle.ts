import type { OrderStatus } from '@medstore/contracts/order'

/**
 * The order life cycle: pending → processing → shipped → delivered, any step may be skipped forward;
 * processing may go back to pending (an undo); an order or item is cancelled only before it ships;
 * delivered and cancelled are final. An order's status follows its items: cancelled when every item is,
 * otherwise the least advanced of its remaining items (so it is delivered once every item is delivered).
 */
const RANK: Record<Exclude<OrderStatus, 'cancelled'>, number> = {
  pending: 0,
  processing: 1,
  shipped: 2,
  delivered: 3,
}

type Subject = 'order' | 'item'

/** Why `from` may not become `to`; undefined when it may (or when nothing changes). */
export function transitionRefusal(from: OrderStatus, to: OrderStatus, subject: Subject): string | undefined {
  if (from === to) return undefined
  const the = subject === 'order' ? 'This order' : 'This item'
  if (from === 'delivered') return `${the} has been delivered; its status can no longer change`
  if (from === 'cancelled') return `${the} has been cancelled; its status can no longer change`
  if (to === 'cancelled')
    return from === 'shipped' ? `${the} has already been shipped and can no longer be cancelled` : undefined
  if (RANK[to] < RANK[from] && !(from === 'processing' && to === 'pending'))
    return `${the} is ${from} and cannot go back to ${to}`
  return undefined
}

export type ItemState = { id: string; productId: string; status: OrderStatus }
export type OrderState = { status: OrderStatus; items: ItemState[] }

export type StatusPlan =
  | { ok: true; status: OrderStatus; changedItems: (ItemState & { from: OrderStatus })[] }
  | { ok: false; kind: 'not-found' | 'conflict'; message: string }

/** The order status its items imply. */
export function deriveOrderStatus(items: { status: OrderStatus }[]): OrderStatus {
  const remaining = items.filter((i) => i.status !== 'cancelled')
  if (remaining.length === 0) return 'cancelled'
  return remaining.reduce<Exclude<OrderStatus, 'cancelled'>>((least, item) => {
    const s = item.status as Exclude<OrderStatus, 'cancelled'>
    return RANK[s] < RANK[least] ? s : least
  }, 'delivered')
}

function planFrom(order: OrderState, next: Map<string, OrderStatus>): StatusPlan {
  const changedItems = order.items
    .filter((item) => next.has(item.id) && next.get(item.id) !== item.status)
    .map((item) => ({ ...item, from: item.status, status: next.get(item.id)! }))
  const items = order.items.map((item) => ({ status: next.get(item.id) ?? item.status }))
  const status = deriveOrderStatus(items)
  const refusal = transitionRefusal(order.status, status, 'order')
  if (refusal) return { ok: false, kind: 'conflict', message: refusal }
  return { ok: true, status, changedItems }
}

/** Moving the whole order: its remaining items follow (cancelling the order cancels every item). */
export function planOrderStatus(order: OrderState, to: OrderStatus): StatusPlan {
  const refusal = transitionRefusal(order.status, to, 'order')
  if (refusal) return { ok: false, kind: 'conflict', message: refusal }
  const next = new Map<string, OrderStatus>()
  for (const item of order.items) {
    if (item.status === 'cancelled') continue
    const behind =
      to === 'cancelled' ||
      (to === 'pending' ? item.status === 'processing' : RANK[item.status as 'pending'] < RANK[to])
    if (!behind) continue
    const itemRefusal = transitionRefusal(item.status, to, 'item')
    if (itemRefusal)
      return { ok: false, kind: 'conflict', message: `${itemRefusal.replace('This item', 'An item')}` }
    next.set(item.id, to)
  }
  const plan = planFrom(order, next)
  // Going back to pending while an item has already shipped would leave the order ahead of itself.
  if (plan.ok && plan.status !== to)
    return {
      ok: false,
      kind: 'conflict',
      message: `Some items are already ${plan.status}; the order cannot be ${to}`,
    }
  return plan
}

/** Moving one item; the order status then follows its items. */
export function planItemStatus(order: OrderState, itemId: string, to: OrderStatus): StatusPlan {
  const item = order.items.find((i) => i.id === itemId)
  if (!item) return { ok: false, kind: 'not-found', message: 'This order has no such item' }
  const refusal = transitionRefusal(item.status, to, 'item')
  if (refusal) return { ok: false, kind: 'conflict', message: refusal }
  return planFrom(order, new Map([[itemId, to]]))
}
