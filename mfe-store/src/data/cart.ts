import {
  failureText,
  links,
  loginPath,
  navigateTo,
  toast,
  useCartSummaryStore,
  useProfileStore,
  useUser,
} from '@medstore/web-client'
import { useEffect } from 'react'
import { PENDING_ADD_KEY, parsePendingAdd } from '../domain/pending-add.ts'
import { t } from '../i18n.ts'
import { storeApi } from './api.ts'

function session(): Storage | undefined {
  try {
    return globalThis.sessionStorage
  } catch {
    return undefined
  }
}

/** POST /cart, then tell mfe-checkout (which owns the cart) so the header badge and panel re-read it. */
async function postToCart(productId: string, quantity: number): Promise<boolean> {
  try {
    await storeApi.addToCart(productId, quantity)
    useCartSummaryStore.getState().cartChanged()
    toast.success(t('cart.added'))
    return true
  } catch (error) {
    // The server's reason (e.g. not enough stock) as the description, under the spec's message.
    toast.error(t('cart.failed'), failureText(error))
    return false
  }
}

/**
 * Add to Cart from a card or the product page. A guest is sent to sign in and brought back to the
 * product's page, where the add is completed (see usePendingAdd); resolves to whether it was added now.
 */
export function addToCart(productId: string, quantity = 1): Promise<boolean> {
  if (!useProfileStore.getState().profile) {
    session()?.setItem(PENDING_ADD_KEY, JSON.stringify({ productId, quantity, at: Date.now() }))
    toast.info(t('cart.signIn'))
    navigateTo(loginPath(links.product(productId)))
    return Promise.resolve(false)
  }
  return postToCart(productId, quantity)
}

/** Completes a guest's Add to Cart once they are back signed in (every store screen runs it). */
export function usePendingAdd(): void {
  const user = useUser()
  useEffect(() => {
    if (!user) return
    const storage = session()
    const pending = parsePendingAdd(storage?.getItem(PENDING_ADD_KEY) ?? null)
    storage?.removeItem(PENDING_ADD_KEY) // taken before the request: a re-render never adds it twice
    if (pending) void postToCart(pending.productId, pending.quantity)
  }, [user])
}
