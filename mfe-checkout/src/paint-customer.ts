/**
 * Build time only (./pagePaints.tsx imports it first): a stand-in customer's stored sign-in, in place
 * before web-client's profile store first reads the storage. A server render draws a zustand store's
 * initial state, so signing in afterwards would not reach the Checkout screen's render.
 */
export const PAINT_CUSTOMER = {
  token: 'first-paint',
  userInfo: { id: 'first-paint', name: '', email: '', userName: '', isAdmin: false },
}

/** web-client's PROFILE_STORAGE_KEY (not imported: importing web-client would create its store now). */
export const PROFILE_KEY = 'profile'

const global = globalThis as { localStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> }
global.localStorage ??= {
  getItem: (key) => (key === PROFILE_KEY ? JSON.stringify(PAINT_CUSTOMER) : null),
  setItem: () => {},
  removeItem: () => {},
}
