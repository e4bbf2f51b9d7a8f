import type { CartLineRequest, CartResponse } from '@medstore/contracts/cart'
import { Conflict, NotFound } from '@medstore/service-kit'
import { addUnits, lineQuantity, listLines, removeLine, setUnits } from '../data/cart-repository'
import type { Db } from '../data/db'
import { findProduct } from '../data/product-replica'
import { lineLimit, refuseLine } from '../domain/cart-rules'
import { presentCart } from '../presenters/cart'

/** The cart of one signed-in customer; products and stock come from the local replica. */
export function cartUseCases(db: Db) {
  const view = async (userId: string): Promise<CartResponse> => presentCart(await listLines(db, userId))

  return {
    view,

    async add(userId: string, { productId, quantity }: CartLineRequest): Promise<CartResponse> {
      const product = await findProduct(db, productId)
      const refusal = refuseLine(product, quantity)
      if (refusal) throw refusal
      // refuseLine always refuses a missing product
      const total = await addUnits(db, userId, productId, quantity, lineLimit(product!))
      if (total === undefined) {
        const current = await lineQuantity(db, userId, productId)
        throw refuseLine(product, current + quantity) ?? new Conflict('The cart changed; try again')
      }
      return view(userId)
    },

    async set(userId: string, { productId, quantity }: CartLineRequest): Promise<CartResponse> {
      const refusal = refuseLine(await findProduct(db, productId), quantity)
      if (refusal) throw refusal
      await setUnits(db, userId, productId, quantity)
      return view(userId)
    },

    async remove(userId: string, productId: string): Promise<CartResponse> {
      if (!(await removeLine(db, userId, productId))) throw new NotFound('This product is not in your cart')
      return view(userId)
    },
  }
}
