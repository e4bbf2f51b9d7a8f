import type { CartItem, CartResponse } from '@medstore/contracts/cart'
import { cartApi } from '@medstore/contracts/endpoints'
import { ApiError, api, toast, useCartSummaryStore, useUser } from '@medstore/web-client'
import { useCallback, useEffect, useRef, useState } from 'react'
import { failureMessage } from '../failure.ts'
import { t } from '../i18n.ts'
import { peekCart, readCart } from './readCart.ts'

export type CartState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; cart: CartResponse['cart'] }

/**
 * The signed-in customer's cart: loaded on mount, reloaded when someone else changes it (the storefront's
 * Add to Cart bumps the summary store's revision), and changed line by line with toasts. Every change
 * tells the summary store, so the header's badge follows.
 */
export function useCart() {
  const userId = useUser()?.id
  const revision = useCartSummaryStore((s) => s.revision)
  // index.html read the cart to paint /checkout (its early read): the first render draws that answer.
  const [state, setState] = useState<CartState>(() => {
    const early = userId ? peekCart() : undefined
    return early ? { status: 'ready', cart: early.cart } : { status: 'loading' }
  })
  const hadEarly = useRef(state.status === 'ready')
  const [busy, setBusy] = useState<string | undefined>()
  const [reloads, setReloads] = useState(0)
  // The revision our own change produced: no need to fetch what the change already returned.
  const ownRevision = useRef(-1)

  useEffect(() => {
    void reloads
    if (!userId) return
    if (revision === ownRevision.current) return
    if (hadEarly.current) {
      hadEarly.current = false
      return
    }
    const controller = new AbortController()
    setState((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }))
    readCart(controller.signal)
      .then(({ cart }) => setState({ status: 'ready', cart }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: failureMessage(error) })
      })
    return () => controller.abort()
  }, [userId, revision, reloads])

  const changed = useCallback((cart: CartResponse['cart']) => {
    setState({ status: 'ready', cart })
    const summary = useCartSummaryStore.getState()
    summary.cartChanged()
    ownRevision.current = useCartSummaryStore.getState().revision
  }, [])

  const setQuantity = useCallback(
    async (item: CartItem, quantity: number) => {
      setBusy(item.productId._id)
      try {
        const { cart } = await api.call(cartApi.setLine, {
          body: { productId: item.productId._id, quantity },
          quiet: true,
        })
        changed(cart)
        toast.success(t('cart.updated'))
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401))
          toast.error(t('cart.updateFailed'), failureMessage(error))
      } finally {
        setBusy(undefined)
      }
    },
    [changed],
  )

  const remove = useCallback(
    async (item: CartItem) => {
      setBusy(item.productId._id)
      try {
        const { cart } = await api.call(cartApi.remove, {
          query: { productId: item.productId._id },
          quiet: true,
        })
        changed(cart)
        toast.success(t('cart.removed'))
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401))
          toast.error(t('cart.removeFailed'), failureMessage(error))
      } finally {
        setBusy(undefined)
      }
    },
    [changed],
  )

  /** Fetch again; a cart on screen stays there meanwhile (the checkout form below it must not go away). */
  const reload = useCallback(() => {
    ownRevision.current = -1
    setState((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }))
    setReloads((n) => n + 1)
  }, [])

  return { signedIn: Boolean(userId), state, busy, setQuantity, remove, reload }
}
