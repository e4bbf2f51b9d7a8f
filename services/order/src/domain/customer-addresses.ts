/**
 * Where a customer is: the shop origin they ordered from and the gateway as their browser reaches it. A
 * customer who opened the shop at 127.0.0.1 or at a LAN address must come back there (their sign-in is
 * stored per origin), not to the configured SHELL_URL, and must find the payment page on the API host
 * their own browser uses, not on PUBLIC_API_URL's `localhost`.
 */
export type ShopAddresses = {
  /** The configured shop (SHELL_URL): where a customer goes when their origin is not one of the shop's. */
  shellUrl: string
  /** The configured gateway (PUBLIC_API_URL). */
  publicApiUrl: string
  /** The origins the shop is served from (CORS_ORIGINS); SHELL_URL's is always one. */
  shopOrigins: readonly string[]
}

/** What a request says about where the customer is (headers the browser and the gateway set). */
export type CustomerRequest = {
  /** The browser's Origin header: the shop page that called the API. */
  origin?: string
  /** The host the browser used for the API (X-Forwarded-Host from the gateway). */
  apiHost?: string
}

export type CustomerAddresses = {
  /** The shop origin the customer is on, or SHELL_URL's when theirs is not one of the shop's. */
  shop: string
  /** The gateway's origin as the customer's browser reaches it. */
  api: string
}

const originOf = (url: string) => new URL(url).origin

/** The candidate origin when it is one of the shop's; undefined otherwise. */
export function allowedShopOrigin(
  addresses: ShopAddresses,
  candidate: string | undefined,
): string | undefined {
  if (!candidate) return undefined
  const allowed = [originOf(addresses.shellUrl), ...addresses.shopOrigins.map((o) => URL.parse(o)?.origin)]
  return allowed.includes(candidate) ? candidate : undefined
}

/**
 * The customer's shop and API origins. The API host the browser used is taken only beside an allowed shop
 * origin on the same host name (the shop on :3000 and the gateway on :8080 of one address), so a made-up
 * Host header cannot put another site into a payment link; otherwise PUBLIC_API_URL.
 */
export function customerAddresses(addresses: ShopAddresses, request: CustomerRequest): CustomerAddresses {
  const shop = allowedShopOrigin(addresses, request.origin)
  const fallback = { shop: originOf(addresses.shellUrl), api: originOf(addresses.publicApiUrl) }
  if (!shop) return fallback
  const shopUrl = new URL(shop)
  const api = request.apiHost ? URL.parse(`${shopUrl.protocol}//${request.apiHost}`) : null
  const sameHost = api !== null && api.hostname === shopUrl.hostname && api.pathname === '/'
  return { shop, api: sameHost ? api.origin : fallback.api }
}

/** The shop's order-confirmation page, as a path: the shop resolves it on whichever origin it runs. */
export const confirmationPath = (orderId: string) =>
  `/checkout/confirmation?orderId=${encodeURIComponent(orderId)}`

/** The confirmation page on a given shop origin (a payment provider returns the customer there). */
export const confirmationUrl = (shopOrigin: string, orderId: string) =>
  new URL(confirmationPath(orderId), shopOrigin).toString()
