import type { CartLineRequest, CartResponse } from '@medstore/contracts/cart'
import { toRupees } from '@medstore/contracts/money'
import { HttpError, notFound } from '@medstore/service-kit'
import { addUnits, lineQuantity, listLines, removeLine, setUnits } from '../data/cart-repository'
import type { Tx } from '../data/db'
import { findProduct } from '../data/product-replica'
import { type LineRefusal, lineAvailability, lineLimit, refuseLine } from '../domain/cart-rules'

const refused = (r: LineRefusal) => new HttpError(r.status, r.message)

/** The cart of one signed-in customer; products and stock come from the local replica. */
export function cartUseCases(db: Tx) {
  async function view(userId: string): Promise<CartResponse> {
    const lines = await listLines(db, userId)
    const items = lines.map((line) => ({
      _id: line.id,
      quantity: line.quantity,
      productId: {
        _id: line.product.id,
        name: line.product.name,
        price: toRupees(line.product.pricePaise),
        image: line.product.image,
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

  return {
    view,

    async add(userId: string, { productId, quantity }: CartLineRequest): Promise<CartResponse> {
      const product = await findProduct(db, productId)
      const refusal = refuseLine(product, quantity)
      // refuseLine always refuses a missing product
      if (refusal || !product) throw refused(refusal!)
      const total = await addUnits(db, userId, productId, quantity, lineLimit(product))
      if (total === undefined) {
        const current = await lineQuantity(db, userId, productId)
        throw refused(
          refuseLine(product, current + quantity) ?? { status: 409, message: 'The cart changed; try again' },
        )
      }
      return view(userId)
    },

    async set(userId: string, { productId, quantity }: CartLineRequest): Promise<CartResponse> {
      const refusal = refuseLine(await findProduct(db, productId), quantity)
      if (refusal) throw refused(refusal)
      await setUnits(db, userId, productId, quantity)
      return view(userId)
    },

    async remove(userId: string, productId: string): Promise<CartResponse> {
      if (!(await removeLine(db, userId, productId))) throw notFound('This product is not in your cart')
      return view(userId)
    },
  }
}
