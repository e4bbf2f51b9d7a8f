import { eventHandlers, on, onBatch, type RawSql } from '@medstore/service-kit'
import { allProductRecords } from '../data/product-records'
import type { ReservationUseCases } from '../use-cases/reservations'
import { publishProductsUpserted } from './catalogue-events'

/** What the catalogue does with other services' events. */
export function catalogueEventHandlers(
  publicApiUrl: string,
  reservations: Pick<ReservationUseCases, 'confirmOrders'>,
) {
  return eventHandlers<RawSql>(
    // A replica that starts empty (a new service, a restored database) asks for every product again;
    // replicas apply upserts idempotently, so the others just see fresh copies.
    on('catalogue.resync_requested', async (_request, tx) => {
      await publishProductsUpserted(tx, await allProductRecords(tx), publicApiUrl)
    }),
    // The orders exist: their reservations are no longer leases the sweeper may give back. In batches (one
    // transaction, one statement for the held ones): order.created arrives for every order placed.
    onBatch('order.created', async (events, tx) => {
      await reservations.confirmOrders(
        tx,
        events.map((event) => event.data.orderId),
      )
    }),
  )
}
