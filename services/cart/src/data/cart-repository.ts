import { randomUUID } from 'node:crypto'
import type { Tx } from './db'

/**
 * Adds units to the caller's line in one statement: the unique (user, product) row makes concurrent adds
 * meet on one line, and the WHERE keeps the total within `limit`. Returns the new quantity, or undefined
 * when the total would pass the limit (nothing changed).
 */
export async function addUnits(
  tx: Tx,
  userId: string,
  productId: string,
  quantity: number,
  limit: number,
): Promise<number | undefined> {
  const rows = await tx.$queryRaw<{ quantity: number }[]>`
    INSERT INTO cart_item (id, user_id, product_id, quantity, created_at, updated_at)
    VALUES (${randomUUID()}, ${userId}, ${productId}, ${quantity}, now(), now())
    ON CONFLICT (user_id, product_id) DO UPDATE SET
      quantity = cart_item.quantity + EXCLUDED.quantity, updated_at = now()
    WHERE cart_item.quantity + EXCLUDED.quantity <= ${limit}
    RETURNING quantity`
  return rows[0]?.quantity
}

/** Sets the caller's line to exactly `quantity` (creating it when absent). */
export async function setUnits(tx: Tx, userId: string, productId: string, quantity: number): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO cart_item (id, user_id, product_id, quantity, created_at, updated_at)
    VALUES (${randomUUID()}, ${userId}, ${productId}, ${quantity}, now(), now())
    ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = now()`
}

export async function lineQuantity(tx: Tx, userId: string, productId: string): Promise<number> {
  const line = await tx.cartItem.findUnique({ where: { userId_productId: { userId, productId } } })
  return line?.quantity ?? 0
}

/** Removes the line; false when there was none. */
export async function removeLine(tx: Tx, userId: string, productId: string): Promise<boolean> {
  const { count } = await tx.cartItem.deleteMany({ where: { userId, productId } })
  return count > 0
}

export async function listLines(tx: Tx, userId: string) {
  return tx.cartItem.findMany({
    where: { userId },
    include: { product: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })
}

export type PlacedOrder = { userId: string; placedAt: Date }

/**
 * Empties the carts of the customers whose orders were placed, keeping lines changed after their order was
 * created (a customer who goes on shopping straight away keeps what they added meanwhile). One statement
 * for any number of orders; a line goes when any of its owner's orders was placed at or after its last
 * change, which is what applying the orders one after another in any order would leave.
 */
export async function clearCarts(tx: Tx, orders: readonly PlacedOrder[]): Promise<number> {
  const placed = JSON.stringify(
    orders.map((o) => ({ user_id: o.userId, placed_at: o.placedAt.toISOString() })),
  )
  return tx.$executeRaw`
    DELETE FROM cart_item c
    USING jsonb_to_recordset(${placed}::jsonb) AS o(user_id text, placed_at timestamptz)
    WHERE c.user_id = o.user_id AND c.updated_at <= o.placed_at`
}
