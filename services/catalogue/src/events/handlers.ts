import { eventHandlers, on, type RawSql } from '@medstore/service-kit'
import { allProductRecords } from '../data/product-records'
import type { ReservationUseCases } from '../use-cases/reservations'
import { publishProductsUpserted } from './catalogue-events'

/** What the catalogue does with other services' events. */
export function catalogueEventHandlers(
  publicApiUrl: string,
  reservations: Pick<ReservationUseCases, 'confirmOrder'>,
) {
  return eventHandlers<RawSql>(
    // A replica that starts empty (a new service, a restored database) asks for every product again;
    // replicas apply upserts idempotently, so the others just see fresh copies.
    on('catalogue.resync_requested', async (_request, tx) => {
      await publishProductsUpserted(tx, await allProductRecords(tx), publicApiUrl)
    }),
    // The order exists: its reservation is no longer a lease the sweeper may give back.
    on('order.created', async ({ orderId }, tx) => {
      await reservations.confirmOrder(tx, orderId)
    }),
  )
}
