import type { RefundStatus } from '@medstore/contracts/order'
import type { RefundDue } from '../domain/refunds'
import type { Tx } from './db'

/** Records owed refunds as pending (an id already recorded is left as it is: the id is the refund's key). */
export async function insertRefunds(tx: Tx, orderId: string, owed: readonly RefundDue[]): Promise<void> {
  if (owed.length === 0) return
  await tx.refund.createMany({
    data: owed.map((r) => ({ id: r.id, orderId, itemId: r.itemId, amountPaise: r.amountPaise })),
    skipDuplicates: true,
  })
}

export async function findRefund(tx: Tx, id: string) {
  return tx.refund.findUnique({ where: { id }, include: { order: true } })
}

/** Our id of the refund the provider knows by this id. */
export async function refundIdOf(tx: Tx, providerRefundId: string): Promise<string | undefined> {
  const found = await tx.refund.findFirst({ where: { providerRefundId }, select: { id: true } })
  return found?.id
}

export async function saveRefund(
  tx: Tx,
  id: string,
  change: { status?: RefundStatus; providerRefundId?: string },
): Promise<void> {
  await tx.refund.update({ where: { id }, data: change })
}
