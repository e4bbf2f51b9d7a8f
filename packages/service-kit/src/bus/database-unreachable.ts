/** Node's network errors that mean the database cannot be reached at all. */
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
])
/** PostgreSQL shutting down or starting up (57P01–57P03), Prisma's "cannot reach the database" (P1001, P1017). */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', 'P1001', 'P1017'])

/**
 * The error says the database is away (down, restarting, the connection cut), not that the event or its
 * handler is wrong: the consumer waits for the database instead of spending the event's attempts, which
 * are for handler failures (a 10 s PostgreSQL restart used them all up in ~5 s and parked good events).
 */
export function databaseUnreachable(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && (NETWORK.has(code) || UNAVAILABLE_CODES.has(code) || code.startsWith('08')))
    return true
  return typeof message === 'string' && /^Connection terminated/.test(message)
}
