import { keepNewest } from '@medstore/service-kit'

/**
 * The customers behind the dashboard's names and new-customer counts, from user.registered (a redelivered
 * or repeated event rewrites the same row; the first registration time stays). The administrator is no
 * customer: left out (an event from before isAdmin existed has none and counts as a customer).
 */
export const orderCustomers = keepNewest(
  'user.registered',
  { name: 'customer', tombstones: false },
  {
    id: (user) => user.userId,
    columns: (user, occurredAt) =>
      user.isAdmin ? null : { name: user.name, email: user.email, registered_at: occurredAt },
    keep: ['registered_at'],
  },
)
