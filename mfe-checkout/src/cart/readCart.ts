import { cartApi } from '@medstore/contracts/endpoints'
import { api } from '@medstore/web-client'

/**
 * The signed-in customer's cart, as the checkout page and the header's badge read it. Quiet: the page
 * shows its own error state, and a badge that cannot be refreshed is not worth a toast on every page. The
 * one request `/checkout` declares as its early read (../pages.ts) must be exactly this one.
 */
export const readCart = (signal: AbortSignal) => api.call(cartApi.view, { signal, quiet: true })

/** The cart's answer if index.html already has it (it painted /checkout with it). */
export const peekCart = () => api.peek(cartApi.view)
