import type { ReservationRefused } from '@medstore/contracts/stock'

export type StockLine = { productId: string; quantity: number }

/**
 * The lines of a reservation as they are applied: one per product (duplicates added up), sorted by
 * productId. Every transaction locks product rows in this one order, so two orders for the same
 * products wait for each other instead of deadlocking.
 */
export function normaliseLines(lines: StockLine[]): StockLine[] {
  const totals = new Map<string, number>()
  for (const { productId, quantity } of lines) totals.set(productId, (totals.get(productId) ?? 0) + quantity)
  return [...totals]
    .map(([productId, quantity]) => ({ productId, quantity }))
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))
}

export type Shortage = ReservationRefused['shortages'][number]

/**
 * The 409 message when stock is short, naming each product and how many are left. The shopper reads it as
 * it is: the order service passes it through unchanged.
 */
export function shortageMessage(shortages: Shortage[]): string {
  if (shortages.length === 0) return 'Not enough stock'
  return shortages
    .map((s) =>
      s.available <= 0
        ? `${s.name} is out of stock`
        : `Only ${s.available} of ${s.name} left (you asked for ${s.requested})`,
    )
    .join('; ')
}

/** What is left of a product, as a refused reservation reports it. */
export type StockLevel = { id: string; name: string; stock: number }

export type Refusal = { missing: string } | { shortages: Shortage[] }

/**
 * Why the lines the reservation could not take were refused: the first whose product does not exist, else
 * every one with its name and what is left (a line is left untaken only when its stock is short).
 * Product ids are compared without case: the database spells a uuid in lower case, a caller may not.
 */
export function refusalOf(untaken: StockLine[], levels: StockLevel[]): Refusal {
  const byId = new Map(levels.map((level) => [level.id.toLowerCase(), level]))
  const missing = untaken.find((line) => !byId.has(line.productId.toLowerCase()))
  if (missing) return { missing: missing.productId }
  // Only the lines short of stock: a refused reservation took nothing, so `untaken` may be every line.
  return {
    shortages: untaken.flatMap((line) => {
      const level = byId.get(line.productId.toLowerCase())!
      return level.stock < line.quantity
        ? [{ productId: line.productId, name: level.name, requested: line.quantity, available: level.stock }]
        : []
    }),
  }
}

/** The lines whose units were not taken (`taken` are the ids of the products taken from). */
export function untakenLines(lines: StockLine[], taken: { id: string }[]): StockLine[] {
  const takenIds = new Set(taken.map((product) => product.id.toLowerCase()))
  return lines.filter((line) => !takenIds.has(line.productId.toLowerCase()))
}
