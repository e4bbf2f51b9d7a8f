import type { CartLineRequest, CartResponse } from '@medstore/contracts/cart'
import { Conflict, NotFound, type RawSql } from '@medstore/service-kit'
import { addUnits, lineQuantity, listLines, removeLine, setUnits } from '../data/cart-repository'
import { findProduct } from '../data/product-replica'
import { lineLimit, refuseLine } from '../domain/cart-rules'
import { presentCart } from '../presenters/cart'

/** The cart of one signed-in customer; products and stock come from the local replica. Plain SQL on the pool. */
export function cartUseCases(sql: RawSql) {
  const view = async (userId: string): Promise<CartResponse> => presentCart(await listLines(sql, userId))

  return {
    view,

    async add(userId: string, { productId, quantity }: CartLineRequest): Promise<CartResponse> {
      const product = await findProduct(sql, productId)
      const refusal = refuseLine(product, quantity)
      if (refusal) throw refusal
      // refuseLine always refuses a missing product
      const total = await addUnits(sql, userId, productId, quantity, lineLimit(product!))
      if (total === undefined) {
        const current = await lineQuantity(sql, userId, productId)
        throw refuseLine(product, current + quantity) ?? new Conflict('The cart changed; try again')
      }
      return view(userId)
    },

    async set(userId: string, { productId, quantity }: CartLineRequest): Promise<CartResponse> {
      const refusal = refuseLine(await findProduct(sql, productId), quantity)
      if (refusal) throw refusal
      await setUnits(sql, userId, productId, quantity)
      return view(userId)
    },

    async remove(userId: string, productId: string): Promise<CartResponse> {
      if (!(await removeLine(sql, userId, productId))) throw new NotFound('This product is not in your cart')
      return view(userId)
    },
  }
}
