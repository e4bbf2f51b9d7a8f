import type { Tx } from './db'

/** Records a webhook as applied; false when it was applied before (a redelivery). */
export async function recordPaymentEvent(
  tx: Tx,
  id: string,
  orderId: string | null,
  outcome: string,
): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO payment_event (id, order_id, outcome) VALUES (${id}, ${orderId}, ${outcome})
    ON CONFLICT DO NOTHING`
  return inserted === 1
}
