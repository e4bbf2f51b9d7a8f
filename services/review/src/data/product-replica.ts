import { productReplica } from '@medstore/catalogue-kit'

/** The catalogue's products by name: a review is for a product the catalogue sells (or sold). */
export const reviewProducts = productReplica({
  service: 'review',
  table: 'products',
  eventTimeColumn: 'last_event_at',
  columns: (p) => ({ name: p.name }),
  // A deleted product keeps its name, for the reviews already written of it.
  deleted: { row: { name: '' }, reset: [] },
})
