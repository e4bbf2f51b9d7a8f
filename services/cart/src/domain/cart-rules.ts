import { MAX_LINE_QUANTITY } from '@medstore/contracts/cart'
import { type DrugSchedule, NOT_SOLD_ONLINE } from '@medstore/contracts/schedule'
import { Conflict, type DomainError, Invalid, NotFound, Unprocessable } from '@medstore/service-kit'

/** What the cart knows of a product (from the replica). */
export type ReplicaProduct = {
  id: string
  name: string
  pricePaise: number
  image: string
  stock: number
  schedule: DrugSchedule
  deleted: boolean
}

/**
 * Whether a line may hold `wanted` units of the product (after an add, the new total). Checked against the
 * replica's stock; the order service reserves the real stock at checkout.
 */
export function refuseLine(product: ReplicaProduct | undefined, wanted: number): DomainError | undefined {
  if (!product) return new NotFound('Product not found')
  if (product.deleted) return new NotFound(`${product.name || 'This product'} is not sold any more`)
  if (product.schedule === 'X') return new Unprocessable(NOT_SOLD_ONLINE, { code: 'not_sold_online' })
  if (product.stock <= 0) return new Conflict(`${product.name} is out of stock`, { code: 'out_of_stock' })
  if (wanted > MAX_LINE_QUANTITY)
    return new Invalid(`You can have at most ${MAX_LINE_QUANTITY} of one product in your cart`)
  if (wanted > product.stock)
    return new Conflict(`Only ${product.stock} of ${product.name} left`, { code: 'out_of_stock' })
  return undefined
}

/** How a cart line shows: a deleted or sold-out product stays in the cart, marked unavailable with a reason. */
export function lineAvailability(
  product: ReplicaProduct,
  quantity: number,
): { available: boolean; unavailableReason?: string } {
  if (product.deleted) return { available: false, unavailableReason: 'No longer sold' }
  if (product.schedule === 'X') return { available: false, unavailableReason: 'Not sold online' }
  if (product.stock <= 0) return { available: false, unavailableReason: 'Out of stock' }
  if (product.stock < quantity) return { available: false, unavailableReason: `Only ${product.stock} left` }
  return { available: true }
}

/** Most units one line may reach: the per-line cap, or fewer when fewer are in stock. */
export const lineLimit = (product: ReplicaProduct): number => Math.min(MAX_LINE_QUANTITY, product.stock)
