import { create } from 'zustand'

/**
 * What the header's cart badge shows. mfe-checkout owns the cart itself and reports the item count here
 * whenever it loads or changes the cart; the shell only reads it.
 */
interface CartSummaryState {
  /** Number of items (sum of quantities) in the signed-in user's cart. */
  itemCount: number
  setItemCount(count: number): void
  /**
   * Bumped by anyone who changed the cart on the server outside mfe-checkout (the storefront's Add to
   * Cart): mfe-checkout, which owns the cart, reloads the badge count and an open panel when it changes.
   */
  revision: number
  cartChanged(): void
  /** Whether the cart panel is open (opened by the header, closed by the panel itself). */
  panelOpen: boolean
  openPanel(): void
  closePanel(): void
}

export const useCartSummaryStore = create<CartSummaryState>()((set) => ({
  itemCount: 0,
  setItemCount: (count) => set({ itemCount: Number.isFinite(count) && count > 0 ? Math.floor(count) : 0 }),
  revision: 0,
  cartChanged: () => set((state) => ({ revision: state.revision + 1 })),
  panelOpen: false,
  openPanel: () => set({ panelOpen: true }),
  closePanel: () => set({ panelOpen: false }),
}))
