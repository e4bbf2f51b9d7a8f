// Exposed as `mfe_checkout/CartSync`: checkout owns the cart, so it keeps the header's badge count true.
import type { CartResponse } from '@medstore/contracts/cart'
import { api, useCartSummaryStore, useUser } from '@medstore/web-client'
import { useEffect } from 'react'

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
    // Quiet: a badge that cannot be refreshed is not worth an error toast on every page.
    api
      .get<CartResponse>('/cart', { signal: controller.signal, quiet: true })
      .then(({ cart }) => setItemCount(itemCountOf(cart)))
      .catch(() => {})
    return () => controller.abort()
  }, [userId, revision, setItemCount])

  return null
}
