import {
  INTERNAL_TOKEN_HEADER,
  RESERVATIONS_PATH,
  type ReservationRefused,
  type ReservationRequest,
  releasePath,
  reservationRefused,
} from '@medstore/contracts/stock'

export type Shortage = ReservationRefused['shortages'][number]

export type ReservationResult =
  | { ok: true }
  | { ok: false; reason: 'short'; shortages: Shortage[] }
  | { ok: false; reason: 'unknown-product'; message: string }

/** The stock cannot be reached (down, timing out, or answering nonsense): nothing can be promised. */
export class StockUnavailableError extends Error {
  override name = 'StockUnavailableError'
}

/**
 * Where stock is taken for an order and given back. Both calls are idempotent by orderId, so a retry after a
 * timeout is safe. The default strategy is the catalogue's internal HTTP API (packages/contracts/src/stock.ts).
 */
export interface StockReservations {
  /** All or nothing: either every line is reserved or nothing is. */
  reserve(request: ReservationRequest): Promise<ReservationResult>
  release(orderId: string): Promise<void>
}

export class CatalogueStockReservations implements StockReservations {
  constructor(
    private readonly catalogueUrl: string,
    private readonly options: { timeoutMs?: number; internalToken?: string } = {},
  ) {}

  async reserve(request: ReservationRequest): Promise<ReservationResult> {
    const res = await this.post(RESERVATIONS_PATH, request)
    if (res.ok) return { ok: true }
    const body: unknown = await res.json().catch(() => undefined)
    if (res.status === 409) {
      const refused = reservationRefused.safeParse(body)
      if (refused.success) return { ok: false, reason: 'short', shortages: refused.data.shortages }
    }
    if (res.status === 404) {
      const message = (body as { message?: unknown } | undefined)?.message
      return {
        ok: false,
        reason: 'unknown-product',
        message: typeof message === 'string' ? message : 'Product not found',
      }
    }
    throw new StockUnavailableError(`catalogue answered ${res.status} to a reservation`)
  }

  async release(orderId: string): Promise<void> {
    const res = await this.post(releasePath(orderId), {})
    // 404: the catalogue never reserved for this order (e.g. it was refused), so there is nothing to give back.
    if (!res.ok && res.status !== 404)
      throw new StockUnavailableError(`catalogue answered ${res.status} to a release`)
  }

  private async post(path: string, body: unknown): Promise<Response> {
    try {
      return await fetch(new URL(path, this.catalogueUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.internalToken ? { [INTERNAL_TOKEN_HEADER]: this.options.internalToken } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
      })
    } catch (err) {
      throw new StockUnavailableError(`catalogue unreachable: ${(err as Error).message}`)
    }
  }
}
