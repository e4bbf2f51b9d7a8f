import { eventHandlers, on } from '@medstore/service-kit'
import type { Tx } from '../data/db'
import { listProducts } from '../data/products'
import type { ReservationUseCases } from '../use-cases/reservations'
import { publishProductsUpserted } from './catalogue-events'

/** What the catalogue does with other services' events. */
export function catalogueEventHandlers(
  publicApiUrl: string,
  reservations: Pick<ReservationUseCases, 'confirmOrder'>,
) {
  return eventHandlers<Tx>(
    // A replica that starts empty (a new service, a restored database) asks for every product again;
    // replicas apply upserts idempotently, so the others just see fresh copies.
    on('catalogue.resync_requested', async (_request, tx) => {
      await publishProductsUpserted(tx, await listProducts(tx), publicApiUrl)
    }),
    // The order exists: its reservation is no longer a lease the sweeper may give back.
    on('order.created', async ({ orderId }, tx) => {
      await reservations.confirmOrder(tx, orderId)
    }),
  )
}
