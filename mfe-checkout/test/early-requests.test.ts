/**
 * The reads this remote declares for the shell's index.html to start (src/pages.ts) must be
 * exactly the reads its pages make, with the signed-in customer's token, or the page's call would not
 * take the early answer and the cart would be asked for twice. The call goes through the real API
 * client; the early-request seam records what it asks for.
 */
import { configureRuntime, EARLY_SEAM, type EarlySeamV1, signIn, signOut } from '@medstore/web-client'
import { afterEach, describe, expect, it } from 'vitest'
import { readCart } from '../src/cart/readCart.ts'
import { checkoutPages } from '../src/pages.ts'

const API = 'https://api.shop.example.in'
const customer = {
  token: 'customer-token',
  userInfo: { id: 'u1', name: 'Asha Rao', email: 'asha@example.in', userName: 'asha', isAdmin: false },
}

/** Records each GET (and its token) the client offers to take from the seam, answering it with a cart. */
function recordReads(): { url: string; token: string | null }[] {
  const asked: { url: string; token: string | null }[] = []
  const seam: EarlySeamV1 = {
    v: 1,
    doc: () => undefined,
    take(url, token) {
      asked.push({ url, token })
      return Promise.resolve(Response.json({ cart: { items: [] } }))
    },
  }
  ;(globalThis as Record<string, unknown>)[EARLY_SEAM] = seam
  return asked
}

afterEach(() => {
  signOut()
  delete (globalThis as Record<string, unknown>)[EARLY_SEAM]
})

describe("checkout's early reads", () => {
  it("/checkout: the signed-in customer's cart, as the page asks for it", async () => {
    configureRuntime({ apiUrl: API })
    signIn(customer)
    const asked = recordReads()
    await readCart(new AbortController().signal)
    const declared = checkoutPages['/checkout'].early.map((read) => `${API}${read.path}`)
    // index.html signs its reads in with the stored profile's token: the page asks with the same one.
    expect(asked).toEqual(declared?.map((url) => ({ url, token: customer.token })))
  })
})
