import { z } from 'zod'
import { lineQuantity, productIdField } from './cart'
import { MAX_ORDER_LINES } from './order-constants'

/**
 * The catalogue's internal stock reservation API (not routed by the gateway; only the order service
 * calls it). Stock lives in the catalogue; a reservation takes units for one order all-or-nothing, so
 * concurrent orders can never take more than is in stock. Both calls are idempotent by orderId.
 * A reservation is a lease: one that no order.created confirms within the catalogue's lease is given
 * back, and reserving that order id again takes the units again (it never answers units it no longer holds).
 *
 *   POST /internal/reservations                     reserve   → 200 Reservation | 409 ReservationRefused | 404
 *   POST /internal/reservations/{orderId}/release   give back → 200 Reservation (status 'released')
 */
export const reservationRequest = z.object({
  orderId: z.string().min(1).max(100),
  // The bounds of an order's lines: a reservation is never bigger than an order may be.
  items: z
    .array(z.object({ productId: productIdField, quantity: lineQuantity }))
    .min(1, 'An order needs at least one item')
    .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines`),
})
export type ReservationRequest = z.infer<typeof reservationRequest>

export const reservation = z.object({
  orderId: z.string(),
  status: z.enum(['reserved', 'released']),
  items: z.array(z.object({ productId: z.string(), quantity: z.number().int() })),
})
export type Reservation = z.infer<typeof reservation>

/** Each line short of stock: the product, how many were asked for and how many are left. */
export const shortages = z.array(
  z.object({
    productId: z.string(),
    name: z.string(),
    requested: z.number().int(),
    available: z.number().int(),
  }),
)

/**
 * 409 (code `out_of_stock`): nothing was reserved; each short line says how many are left. The message is
 * the one the shopper reads: the order service passes message and shortages through unchanged.
 */
export const reservationRefused = z.object({
  message: z.string(),
  code: z.literal('out_of_stock'),
  shortages,
})
export type ReservationRefused = z.infer<typeof reservationRefused>

export const RESERVATIONS_PATH = '/internal/reservations'
/** Carries the shared secret when the catalogue sets INTERNAL_TOKEN (the order service's CATALOGUE_INTERNAL_TOKEN). */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token'
export const releasePath = (orderId: string) => `${RESERVATIONS_PATH}/${encodeURIComponent(orderId)}/release`
