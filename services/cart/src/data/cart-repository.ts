import { randomUUID } from 'node:crypto'
import type { RawSql } from '@medstore/service-kit'
import type { CartLine } from '../presenters/cart'

// Plain SQL over RawSql: every cart request runs these on the pool (no Prisma runtime per query, which was
// most of the cart's CPU under the shopper mix), and the order.created consumer in its Prisma transaction.

/**
 * Adds units to the caller's line in one statement: the unique (user, product) row makes concurrent adds
 * meet on one line, and the WHERE keeps the total within `limit`. Returns the new quantity, or undefined
 * when the total would pass the limit (nothing changed).
 */
export async function addUnits(
  sql: RawSql,
  userId: string,
  productId: string,
  quantity: number,
  limit: number,
): Promise<number | undefined> {
  const rows = await sql.$queryRawUnsafe<{ quantity: number }[]>(
    `INSERT INTO cart_item (id, user_id, product_id, quantity, created_at, updated_at)
     VALUES ($1, $2, $3, $4, now(), now())
     ON CONFLICT (user_id, product_id) DO UPDATE SET
       quantity = cart_item.quantity + EXCLUDED.quantity, updated_at = now()
     WHERE cart_item.quantity + EXCLUDED.quantity <= $5
     RETURNING quantity`,
    randomUUID(),
    userId,
    productId,
    quantity,
    limit,
  )
  return rows[0]?.quantity
}

/** Sets the caller's line to exactly `quantity` (creating it when absent). */
export async function setUnits(
  sql: RawSql,
  userId: string,
  productId: string,
  quantity: number,
): Promise<void> {
  await sql.$executeRawUnsafe(
    `INSERT INTO cart_item (id, user_id, product_id, quantity, created_at, updated_at)
     VALUES ($1, $2, $3, $4, now(), now())
     ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = now()`,
    randomUUID(),
    userId,
    productId,
    quantity,
  )
}

export async function lineQuantity(sql: RawSql, userId: string, productId: string): Promise<number> {
  const rows = await sql.$queryRawUnsafe<{ quantity: number }[]>(
    'SELECT quantity FROM cart_item WHERE user_id = $1 AND product_id = $2',
    userId,
    productId,
  )
  return rows[0]?.quantity ?? 0
}

/** Removes the line; false when there was none. */
export async function removeLine(sql: RawSql, userId: string, productId: string): Promise<boolean> {
  const count = await sql.$executeRawUnsafe(
    'DELETE FROM cart_item WHERE user_id = $1 AND product_id = $2',
    userId,
    productId,
  )
  return count > 0
}

/** The caller's lines with their products, oldest first. */
export function listLines(sql: RawSql, userId: string): PromiseLike<CartLine[]> {
  return sql.$queryRawUnsafe<CartLine[]>(
    `SELECT c.id, c.quantity, json_build_object('id', p.id, 'name', p.name, 'pricePaise', p.price_paise,
       'image', p.image, 'stock', p.stock, 'schedule', p.schedule, 'deleted', p.deleted) AS product
     FROM cart_item c JOIN product p ON p.id = c.product_id
     WHERE c.user_id = $1 ORDER BY c.created_at, c.id`,
    userId,
  )
}

export type PlacedOrder = { userId: string; placedAt: Date }

/**
 * Empties the carts of the customers whose orders were placed, keeping lines changed after their order was
 * created (a customer who goes on shopping straight away keeps what they added meanwhile). One statement
 * for any number of orders; a line goes when any of its owner's orders was placed at or after its last
 * change, which is what applying the orders one after another in any order would leave.
 */
export async function clearCarts(sql: RawSql, orders: readonly PlacedOrder[]): Promise<number> {
  const placed = JSON.stringify(
    orders.map((o) => ({ user_id: o.userId, placed_at: o.placedAt.toISOString() })),
  )
  return sql.$executeRawUnsafe(
    `DELETE FROM cart_item c
     USING jsonb_to_recordset($1::jsonb) AS o(user_id text, placed_at timestamptz)
     WHERE c.user_id = o.user_id AND c.updated_at <= o.placed_at`,
    placed,
  )
}
