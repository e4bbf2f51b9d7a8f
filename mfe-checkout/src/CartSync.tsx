// Exposed as `mfe_checkout/CartSync`: checkout owns the cart, so it keeps the header's badge count true.
import type { CartResponse } from '@medstore/contracts/cart'
import { useCartSummaryStore, useUser } from '@medstore/web-client'
import { useEffect } from 'react'
import { readCart } from './cart/readCart.ts'

/** Units in the cart: what the badge shows. */
export const itemCountOf = (cart: CartResponse['cart']) =>
  cart.items.reduce((sum, item) => sum + item.quantity, 0)

export function CartSync() {
  const userId = useUser()?.id
  const revision = useCartSummaryStore((state) => state.revision)
  const setItemCount = useCartSummaryStore((state) => state.setItemCount)

  // `revision` is read here so that every cartChanged() re-fetches the count.
  useEffect(() => {
    void revision
    if (!userId) {
      setItemCount(0)
      return
    }
    const controller = new AbortController()
    readCart(controller.signal)
      .then(({ cart }) => setItemCount(itemCountOf(cart)))
      .catch(() => {})
    return () => controller.abort()
  }, [userId, revision, setItemCount])

  return null
}
