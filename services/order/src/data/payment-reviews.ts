import type { Prisma } from '../generated/prisma/client'
import type { Tx } from './db'

/** Parks a payment event for a person: it changed nothing, and here is why and what the provider said. */
export async function parkPaymentEvent(
  tx: Tx,
  review: {
    orderId: string | null
    provider: string
    eventId: string
    reason: string
    detail: Prisma.InputJsonValue
  },
): Promise<void> {
  await tx.paymentReview.create({ data: review })
}
