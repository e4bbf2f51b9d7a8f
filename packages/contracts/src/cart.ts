import { z } from 'zod'
import type { ApiRoute } from './api'
import { MAX_LINE_QUANTITY } from './cart-limits'
import { drugSchedule } from './fields'
import { cartPaths } from './route-paths'

export { MAX_LINE_QUANTITY }

/** A line quantity: a whole number from 1 (the documented minimum) to MAX_LINE_QUANTITY. */
export const lineQuantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `Quantity can be at most ${MAX_LINE_QUANTITY} per product`)

export const productIdField = z
  .string({ error: 'productId is required' })
  .trim()
  .min(1, 'productId is required')
  .max(100, 'productId is not valid')

/** Body of `POST /cart` (adds to the line) and `PUT /cart` (sets the line). */
export const cartLineRequest = z.object({ productId: productIdField, quantity: lineQuantity })
export type CartLineRequest = z.input<typeof cartLineRequest>

/** Query of `DELETE /cart?productId=`. */
export const removeFromCartQuery = z.object({ productId: productIdField })

export const cartProduct = z.object({
  _id: z.string(),
  name: z.string(),
  /** Rupees. */
  price: z.number(),
  image: z.string(),
  /**
   * The medicine's schedule: H and H1 need a prescription at checkout; X is never sold online. The cart
   * service always sends it; optional for the front ends' first-paint stand-ins.
   */
  schedule: drugSchedule.optional(),
})

export const cartItem = z.object({
  _id: z.string(),
  quantity: z.number().int(),
  productId: cartProduct,
  /** false when the product is out of stock or no longer sold; the line stays so the customer sees why. */
  available: z.boolean(),
  /** Why the line cannot be ordered as it is, e.g. 'Out of stock'; absent when available. */
  unavailableReason: z.string().optional(),
  /** Most units this line may hold: the per-line cap, or fewer when fewer are in stock (0 when none). */
  maxQuantity: z.number().int().optional(),
})
export type CartItem = z.infer<typeof cartItem>

export const cartResponse = z.object({
  cart: z.object({
    items: z.array(cartItem),
    /** Rupees: the sum of the available lines (no shipping or tax). */
    subtotal: z.number(),
  }),
})
export type CartResponse = z.infer<typeof cartResponse>

const cartErrors = {
  400: 'Invalid productId or quantity (a whole number from 1 to 20)',
} as const

/** The cart service's public API (spec section 7); every route is for a signed-in customer's own cart. */
export const cartApi = {
  add: {
    ...cartPaths.add,
    summary: 'Add a product to the cart (adding one already there increases its quantity)',
    access: 'user',
    documented: true,
    tags: ['cart'],
    body: cartLineRequest,
    status: 200,
    response: cartResponse,
    errors: {
      ...cartErrors,
      404: 'Unknown product',
      409: 'Out of stock or not enough left (`out_of_stock`), or the cart changed meanwhile (`conflict`)',
      422: 'A Schedule X medicine: not sold online (`not_sold_online`)',
    },
    errorCodes: { 409: ['out_of_stock', 'conflict'], 422: ['not_sold_online'] },
  },
  view: {
    ...cartPaths.view,
    summary: "The caller's cart",
    access: 'user',
    documented: true,
    tags: ['cart'],
    status: 200,
    response: cartResponse,
  },
  setLine: {
    ...cartPaths.setLine,
    summary: 'Set the quantity of a cart line (adds the line when it is not there yet)',
    access: 'user',
    documented: true,
    tags: ['cart'],
    body: cartLineRequest,
    status: 200,
    response: cartResponse,
    errors: {
      ...cartErrors,
      404: 'Unknown product',
      409: 'Out of stock or not enough left (`out_of_stock`), or the cart changed meanwhile (`conflict`)',
    },
    errorCodes: { 409: ['out_of_stock', 'conflict'] },
  },
  remove: {
    ...cartPaths.remove,
    summary: 'Remove a line from the cart',
    access: 'user',
    documented: true,
    tags: ['cart'],
    query: removeFromCartQuery,
    status: 200,
    response: cartResponse,
    errors: { 400: 'productId missing', 404: 'The product is not in the cart' },
  },
} satisfies Record<string, ApiRoute>

export const cartRoutes: ApiRoute[] = Object.values(cartApi)
