/**
 * Links to the pages one front end shows and another links to (a product from the cart, a category from
 * the shell's menu, a store, an order), built here once, every value URL-encoded. A remote never imports
 * another, so the pages' owners and their linkers meet here; the owner's route list says the same path.
 */
const query = (path: string, name: string, value: string) => `${path}?${name}=${encodeURIComponent(value)}`

export const links = {
  /** mfe-store's product page. */
  product: (productId: string) => query('/productDetails', 'productId', productId),
  /** mfe-store's product list, filtered by a category (by name). */
  category: (name: string) => query('/products', 'category', name),
  /** mfe-store's product list, searched for a text. */
  search: (text: string) => query('/products', 'q', text),
  /** mfe-store's page of one store. */
  shop: (shopId: string) => `/shopDetails/${encodeURIComponent(shopId)}`,
  /** mfe-checkout's page of one order (where checkout and the payment page land). */
  order: (orderId: string) => query('/checkout/confirmation', 'orderId', orderId),
  /** mfe-vendor's first page for the header's Back-office link: all orders. */
  backOffice: () => '/vendor/allOrders',
  /** mfe-vendor's dashboard (the back-office's not-found page leads back to it). */
  dashboard: () => '/vendor/dashboard',
} as const
