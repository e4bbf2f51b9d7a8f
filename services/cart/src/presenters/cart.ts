import type { CartResponse } from '@medstore/contracts/cart'
import { toRupees } from '@medstore/contracts/money'
import { lineAvailability, lineLimit, type ReplicaProduct } from '../domain/cart-rules'

export type CartLine = { id: string; quantity: number; product: ReplicaProduct }

/** A customer's cart as the API shows it: every line (unavailable ones marked why), and the subtotal of the rest. */
export function presentCart(lines: CartLine[]): CartResponse {
  const items = lines.map((line) => ({
    _id: line.id,
    quantity: line.quantity,
    productId: {
      _id: line.product.id,
      name: line.product.name,
      price: toRupees(line.product.pricePaise),
      image: line.product.image,
      schedule: line.product.schedule,
    },
    ...lineAvailability(line.product, line.quantity),
    // The panel's + stops here, so the customer never asks for more than the shop can have.
    maxQuantity: line.product.deleted ? 0 : Math.max(0, lineLimit(line.product)),
  }))
  const subtotalPaise = lines
    .filter((_, i) => items[i]?.available)
    .reduce((sum, line) => sum + line.product.pricePaise * line.quantity, 0)
  return { cart: { items, subtotal: toRupees(subtotalPaise) } }
}
