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

export function shortageMessage(shortages: Shortage[]): string {
  if (shortages.length === 0) return 'Not enough stock'
  const what = (s: Shortage) => `${s.name} (${s.available} left, ${s.requested} wanted)`
  return `Not enough stock of ${shortages.map(what).join(', ')}`
}
