/**
 * A guest's Add to Cart, kept while they sign in (sessionStorage: this tab only, gone with it) and
 * performed when they come back signed in. Old ones are dropped: a day-old click is no longer intent.
 */
export const PENDING_ADD_KEY = 'medstore.pendingAdd'
export const PENDING_ADD_MAX_AGE_MS = 30 * 60 * 1000

export interface PendingAdd {
  productId: string
  quantity: number
  at: number
}

export function parsePendingAdd(raw: string | null, now = Date.now()): PendingAdd | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<PendingAdd>
    if (
      typeof value.productId !== 'string' ||
      !value.productId ||
      !Number.isInteger(value.quantity) ||
      (value.quantity ?? 0) < 1 ||
      typeof value.at !== 'number' ||
      now - value.at > PENDING_ADD_MAX_AGE_MS ||
      value.at > now + 60_000
    )
      return null
    return { productId: value.productId, quantity: value.quantity as number, at: value.at }
  } catch {
    return null
  }
}
