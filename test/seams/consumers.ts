import type { EventHandlerEntry } from '@medstore/service-kit'
import { cartEventHandlers } from '../../services/cart/src/events/handlers.ts'
import { catalogueEventHandlers } from '../../services/catalogue/src/events/handlers.ts'
import { messagingEventHandlers } from '../../services/messaging/src/events/handlers.ts'
import { orderEventHandlers } from '../../services/order/src/events/handlers.ts'
import type { StockReservations } from '../../services/order/src/stock/reservations.ts'
import { prescriptionEventHandlers } from '../../services/prescription/src/events/handlers.ts'
import { reviewEventHandlers } from '../../services/review/src/events/handlers.ts'

/** Every service's event handlers exactly as it registers them (factories only capture their arguments). */
export const consumers: Record<string, Record<string, EventHandlerEntry<never>>> = {
  cart: cartEventHandlers,
  catalogue: catalogueEventHandlers('http://localhost:8080', { confirmOrders: async () => undefined }),
  messaging: messagingEventHandlers,
  order: orderEventHandlers({} as StockReservations, async () => undefined),
  review: reviewEventHandlers,
  prescription: prescriptionEventHandlers,
}
