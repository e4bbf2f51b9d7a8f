import { isDemoEmail } from '@medstore/contracts/demo'
import type { OrderStatus, PaymentStatus } from '@medstore/contracts/order'
import type { DemoCustomer } from '../domain/demo-orders'
import type { PricedProduct } from '../domain/pricing'
import type { Tx } from './db'

/** The demo customers identity announced (by their reserved e-mail domain), oldest first. */
export async function demoCustomersInReplica(tx: Tx): Promise<DemoCustomer[]> {
  const customers = await tx.customer.findMany({ orderBy: [{ registeredAt: 'asc' }, { id: 'asc' }] })
  return customers
    .filter((c) => isDemoEmail(c.email))
    .map((c) => ({ id: c.id, name: c.name, registeredAt: c.registeredAt }))
}

/** Every product the replica can sell, by id. */
export async function sellableProducts(tx: Tx): Promise<Map<string, PricedProduct>> {
  const rows = await tx.product.findMany({ where: { deleted: false }, orderBy: { id: 'asc' } })
  return new Map(rows.map((p) => [p.id, p]))
}

/** Backdates an order just inserted and sets where its life cycle got to (every item moved with the order). */
export async function backdateOrder(
  tx: Tx,
  orderId: string,
  state: { status: OrderStatus; paymentStatus: PaymentStatus; createdAt: Date; updatedAt: Date },
): Promise<void> {
  await tx.orderItem.updateMany({ where: { orderId }, data: { status: state.status } })
  await tx.order.update({ where: { id: orderId }, data: state })
}
