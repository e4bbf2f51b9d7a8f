/**
 * When a reservation whose order never appeared gives its stock back. A reservation is a lease: it is
 * held from the moment it is made until order.created confirms it; one still unconfirmed after
 * `leaseMs` belonged to a placement that died (order service killed, catalogue killed before answering)
 * and is released by the sweeper, which looks every `sweepEveryMs`, `batchSize` reservations per
 * transaction.
 */
export type ReservationLeasePolicy = { leaseMs: number; sweepEveryMs: number; batchSize: number }

// 2 min: far longer than a placement takes (5 s reserve timeout, payment link, commit), so only dead ones expire.
export const defaultLeasePolicy: ReservationLeasePolicy = {
  leaseMs: 120_000,
  sweepEveryMs: 30_000,
  batchSize: 100,
}
