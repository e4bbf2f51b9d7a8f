import { isDemoEmail } from '@medstore/contracts/demo'
import type { OrderStatus, PaymentStatus } from '@medstore/contracts/order'
import type { RawSql } from '@medstore/service-kit'
import type { DemoCustomer } from '../domain/demo-orders'
import type { PricedProduct } from '../domain/pricing'

/** How many orders exist, and customers and sellable products the replicas hold. */
export async function demoCounts(
  sql: RawSql,
): Promise<{ orders: number; customers: number; products: number }> {
  const [row] = await sql.$queryRawUnsafe<{ orders: number; customers: number; products: number }[]>(
    `SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM customer)::int AS customers,
       (SELECT count(*) FROM product WHERE NOT deleted)::int AS products`,
  )
  return row!
}

/** Whether any order exists (a cheap look before the full counts). */
export async function anyOrder(sql: RawSql): Promise<boolean> {
  const [row] = await sql.$queryRawUnsafe<{ found: boolean }[]>(
    'SELECT EXISTS (SELECT 1 FROM orders) AS found',
  )
  return row!.found
}

/** Until the transaction ends: two instances seeding at once take turns (the second then finds the orders). */
export async function lockDemoSeeding(sql: RawSql): Promise<void> {
  await sql.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('order.demo-orders'))`)
}

/** The demo customers identity announced (by their reserved e-mail domain), oldest first. */
export async function demoCustomersInReplica(sql: RawSql): Promise<DemoCustomer[]> {
  const customers = await sql.$queryRawUnsafe<(DemoCustomer & { email: string })[]>(
    'SELECT id, name, email, registered_at AS "registeredAt" FROM customer ORDER BY registered_at, id',
  )
  return customers
    .filter((c) => isDemoEmail(c.email))
    .map((c) => ({ id: c.id, name: c.name, registeredAt: c.registeredAt }))
}

/** Every product the replica can sell, by id. */
export async function sellableProducts(sql: RawSql): Promise<Map<string, PricedProduct>> {
  const rows = await sql.$queryRawUnsafe<PricedProduct[]>(
    `SELECT id, name, category, image, price_paise AS "pricePaise", deleted, schedule, hsn_code AS "hsnCode",
       gst_rate AS "gstRate", mrp_paise AS "mrpPaise" FROM product WHERE NOT deleted ORDER BY id`,
  )
  return new Map(rows.map((p) => [p.id, p]))
}

/** Backdates an order just inserted and sets where its life cycle got to (every item moved with the order). */
export async function backdateOrder(
  sql: RawSql,
  orderId: string,
  state: { status: OrderStatus; paymentStatus: PaymentStatus; createdAt: Date; updatedAt: Date },
): Promise<void> {
  await sql.$executeRawUnsafe(
    'UPDATE order_item SET status = $2::"OrderStatus" WHERE order_id = $1',
    orderId,
    state.status,
  )
  await sql.$executeRawUnsafe(
    `UPDATE orders SET status = $2::"OrderStatus", payment_status = $3::"PaymentStatus", created_at = $4,
       updated_at = $5 WHERE id = $1`,
    orderId,
    state.status,
    state.paymentStatus,
    state.createdAt,
    state.updatedAt,
  )
}
