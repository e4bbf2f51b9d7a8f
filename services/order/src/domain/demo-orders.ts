import type { OrderStatus, ShippingInfo } from '@medstore/contracts/order'
import { type ItemState, planOrderStatus } from './lifecycle'

/** Demo history covers this many days before now. */
export const DEMO_DAYS = 60
export const DEMO_ORDER_COUNT = 150
/** How many of them are placed today (in India), so today's figures are not empty. */
const TODAY_ORDERS = 4

const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

export type DemoCustomer = { id: string; name: string; registeredAt: Date }

export type DemoOrderPlan = {
  userId: string
  customerName: string
  placedAt: Date
  /** When the last status change happened (placedAt for an order still pending). */
  updatedAt: Date
  items: { productId: string; quantity: number }[]
  paymentType: 'cash' | 'online'
  /** The statuses the order went through after pending, in order (each a legal step of the life cycle). */
  steps: OrderStatus[]
  shippingInfo: ShippingInfo
}

/** A small seeded generator (mulberry32): the same seed gives the same demo shop. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ADDRESSES = [
  { city: 'Bengaluru', state: 'Karnataka', postalCode: '560038', street: '100 Feet Road, Indiranagar' },
  { city: 'Mumbai', state: 'Maharashtra', postalCode: '400050', street: 'Hill Road, Bandra West' },
  { city: 'New Delhi', state: 'Delhi', postalCode: '110024', street: 'Ring Road, Lajpat Nagar' },
  { city: 'Chennai', state: 'Tamil Nadu', postalCode: '600017', street: 'Usman Road, T. Nagar' },
  { city: 'Hyderabad', state: 'Telangana', postalCode: '500034', street: 'Road No. 12, Banjara Hills' },
  { city: 'Kolkata', state: 'West Bengal', postalCode: '700019', street: 'Gariahat Road, Ballygunge' },
  { city: 'Pune', state: 'Maharashtra', postalCode: '411004', street: 'FC Road, Shivajinagar' },
  { city: 'Kochi', state: 'Kerala', postalCode: '682016', street: 'MG Road, Ernakulam' },
  { city: 'Jaipur', state: 'Rajasthan', postalCode: '302001', street: 'MI Road' },
  { city: 'Ahmedabad', state: 'Gujarat', postalCode: '380009', street: 'CG Road, Navrangpura' },
]

/**
 * Where an order of this age has got to: recent ones are still pending or on their way, older ones mostly
 * delivered; about one in ten is cancelled (only ever before shipping, as the life cycle allows).
 */
function stepsFor(ageMs: number, r: number): OrderStatus[] {
  if (r < 0.1) return ageMs < 2 * DAY_MS && r < 0.05 ? ['cancelled'] : ['processing', 'cancelled']
  if (ageMs < DAY_MS) return r < 0.6 ? [] : ['processing']
  if (ageMs < 3 * DAY_MS) return r < 0.3 ? ['processing'] : ['processing', 'shipped']
  if (ageMs < 6 * DAY_MS) return r < 0.6 ? ['processing', 'shipped'] : ['processing', 'shipped', 'delivered']
  return r < 0.95 ? ['processing', 'shipped', 'delivered'] : ['processing', 'shipped']
}

/** Checks each step against the life cycle (as the pharmacist's changes are), returning the final status. */
export function walkSteps(steps: OrderStatus[], itemCount: number): OrderStatus {
  let order: { status: OrderStatus; items: ItemState[] } = {
    status: 'pending',
    items: Array.from({ length: itemCount }, (_, i) => ({
      id: String(i),
      productId: String(i),
      status: 'pending',
    })),
  }
  for (const to of steps) {
    const plan = planOrderStatus(order, to)
    if (!plan.ok) throw new Error(`demo order step ${order.status} → ${to} refused: ${plan.message}`)
    const changed = new Map(plan.changedItems.map((item) => [item.id, item.status]))
    order = {
      status: plan.status,
      items: order.items.map((item) => ({ ...item, status: changed.get(item.id) ?? item.status })),
    }
  }
  return order.status
}

/**
 * ~150 orders over the last 60 days (a few of them today) by the given customers, each placed after its
 * customer registered, with 1–3 of the given products, cash or online, at a status its age makes plausible.
 */
export function planDemoOrders(input: {
  now: Date
  /** 00:00 today in India. */
  todayStart: Date
  customers: DemoCustomer[]
  productIds: string[]
  random: () => number
  count?: number
}): DemoOrderPlan[] {
  const { now, todayStart, customers, productIds, random } = input
  if (customers.length === 0 || productIds.length === 0) return []
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!
  const plans: DemoOrderPlan[] = []
  for (let i = 0; i < (input.count ?? DEMO_ORDER_COUNT); i++) {
    const sinceMidnight = now.getTime() - todayStart.getTime()
    const ageMs = i < TODAY_ORDERS ? random() * sinceMidnight : random() * DEMO_DAYS * DAY_MS
    let placedAt = new Date(now.getTime() - ageMs)
    const eligible = customers.filter((c) => c.registeredAt < placedAt)
    const customer = eligible.length > 0 ? pick(eligible) : pick(customers)
    // Nobody orders before they register: such an order moves to a moment after the registration.
    if (customer.registeredAt >= placedAt)
      placedAt = new Date(
        customer.registeredAt.getTime() + random() * (now.getTime() - customer.registeredAt.getTime()),
      )
    const age = now.getTime() - placedAt.getTime()
    const lineCount = Math.min(productIds.length, 1 + Math.floor(random() * 3))
    const products = new Set<string>()
    while (products.size < lineCount) products.add(pick(productIds))
    const steps = stepsFor(age, random())
    walkSteps(steps, lineCount)
    // Each status change came some hours after the one before, never after now.
    const updatedAt = new Date(
      Math.min(now.getTime(), placedAt.getTime() + steps.length * 20 * HOUR_MS * random()),
    )
    const address = pick(ADDRESSES)
    const houseNumber = String(1 + Math.floor(random() * 250))
    plans.push({
      userId: customer.id,
      customerName: customer.name,
      placedAt,
      updatedAt,
      items: [...products].map((productId) => ({ productId, quantity: 1 + Math.floor(random() * 3) })),
      paymentType: random() < 0.7 ? 'cash' : 'online',
      steps,
      shippingInfo: {
        customerName: customer.name,
        phoneNumber: `9${String(700000000 + Math.floor(random() * 299999999)).padStart(9, '0')}`,
        country: 'India',
        state: address.state,
        city: address.city,
        addressLine1: `${houseNumber}, ${address.street}`,
        addressLine2: '',
        postalCode: address.postalCode,
        street: address.street,
        houseNumber,
      },
    })
  }
  return plans.sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime())
}
