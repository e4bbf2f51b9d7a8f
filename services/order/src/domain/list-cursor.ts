/**
 * A place in a list of orders, newest first: an order's time (ms since the epoch, the column's precision)
 * and its sequence number, which breaks ties. A page asked for after or before one reads from that place
 * along the list's index instead of skipping the orders before it (an offset), so a step to the next or
 * previous page costs what the first page does however deep it is.
 */
export type ListCursor = { at: Date; seq: number }

/** The text a list answer gives for an order's place (`1733543921123.48211`). */
export function cursorText(order: { createdAt: Date; seq: number }): string {
  return `${order.createdAt.getTime()}.${order.seq}`
}

/** The place a cursor text names; the contract's pattern has checked its shape. */
export function parseCursor(text: string): ListCursor {
  const [ms, seq] = text.split('.')
  return { at: new Date(Number(ms)), seq: Number(seq) }
}
