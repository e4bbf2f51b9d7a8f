import {
  INTERNAL_TOKEN_HEADER,
  RESERVATIONS_PATH,
  type ReservationRefused,
  type ReservationRequest,
  releasePath,
  reservationRefused,
} from '@medstore/contracts/stock'
import { serviceConnections } from '@medstore/service-kit/service-connections'

export type Shortage = ReservationRefused['shortages'][number]

export type ReservationResult =
  | { ok: true }
  | { ok: false; reason: 'short'; message: string; shortages: Shortage[] }
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

/** An answer of the catalogue's internal API: its status and JSON body (undefined when it sent none). */
type Answer = { status: number; body: unknown }

export class CatalogueStockReservations implements StockReservations {
  // undici's request on the kit's pool rather than fetch: one call per order placed, and fetch's WHATWG
  // request, headers and body streams cost several times the CPU for the same small JSON exchange.
  private readonly connections = serviceConnections()

  constructor(
    private readonly catalogueUrl: string,
    private readonly options: { timeoutMs?: number; internalToken: string },
  ) {}

  async reserve(request: ReservationRequest): Promise<ReservationResult> {
    const { status, body } = await this.post(RESERVATIONS_PATH, request)
    if (status >= 200 && status < 300) return { ok: true }
    if (status === 409) {
      const refused = reservationRefused.safeParse(body)
      if (refused.success)
        return {
          ok: false,
          reason: 'short',
          message: refused.data.message,
          shortages: refused.data.shortages,
        }
    }
    if (status === 404) {
      const message = (body as { message?: unknown } | undefined)?.message
      return {
        ok: false,
        reason: 'unknown-product',
        message: typeof message === 'string' ? message : 'Product not found',
      }
    }
    throw new StockUnavailableError(`catalogue answered ${status} to a reservation`)
  }

  async release(orderId: string): Promise<void> {
    const { status } = await this.post(releasePath(orderId), {})
    // 404: the catalogue never reserved for this order (e.g. it was refused), so there is nothing to give back.
    if ((status < 200 || status >= 300) && status !== 404)
      throw new StockUnavailableError(`catalogue answered ${status} to a release`)
  }

  private async post(path: string, body: unknown): Promise<Answer> {
    const url = new URL(path, this.catalogueUrl)
    try {
      const answer = await this.connections.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [INTERNAL_TOKEN_HEADER]: this.options.internalToken,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
      })
      return { status: answer.statusCode, body: parseJson(Buffer.from(await answer.body.arrayBuffer())) }
    } catch (err) {
      throw new StockUnavailableError(`catalogue unreachable: ${(err as Error).message}`)
    }
  }
}

function parseJson(bytes: Buffer): unknown {
  try {
    return bytes.length ? JSON.parse(bytes.toString('utf8')) : undefined
  } catch {
    return undefined
  }
}
