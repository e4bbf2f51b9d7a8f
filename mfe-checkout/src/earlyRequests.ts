/**
 * The API reads checkout's pages start with, published in `routes.json` (see `EarlyRequest` in
 * @medstore/remote-contracts): the shell's index.html starts them (signed in: with the stored token)
 * before any script has arrived, and the page's first `readCart` takes the answer. The cart is only
 * read for a signed-in customer. test/early-requests
 * checks each is exactly the request the page makes.
 */
import type { EarlyRequest } from '@medstore/remote-contracts'
import type { CheckoutRoutePath } from './routePaths.ts'

export const checkoutEarlyRequests: Partial<Record<CheckoutRoutePath, EarlyRequest[]>> = {
  '/checkout': [{ path: '/cart', signedIn: true }],
}
