/**
 * What a database error means for whoever meets it, decided in one place: the HTTP error handler answers
 * 503 for either kind below, and the event consumer waits for an unreachable database instead of spending
 * an event's attempts. Found by the PostgreSQL-restart drill. Prisma wraps the driver's error, and its pg
 * adapter keeps PostgreSQL's own code only as `originalCode`, so the cause chain and both codes are read.
 */

/** PostgreSQL down, restarting or cut off: nothing is wrong with the request or the event. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  'P1001', // Prisma: can't reach the database server
  'P1008', // Prisma: the socket timed out
  'P1017', // Prisma: the server closed the connection
])
const CONNECTION_EXCEPTION_CLASS = '08' // PostgreSQL's class 08: connection exceptions
const UNREACHABLE_TEXT =
  /connection terminated|timeout exceeded when trying to connect|ECONNREFUSED|database system is (starting up|shutting down)|Connection is closed|terminating connection/i

/** Contention that outlasted its wait: the same request succeeds once the rush passes. */
const CONTENTION_CODES = new Set([
  // bench:order saw 4 in 1,000 orders answer 500 on P2028 on a loaded machine.
  'P2028', // Prisma: a transaction could not start (or finish) in time
  'P1018', // Prisma: the transaction had already closed (it outlived its timeout)
  // 53300 became P2037 through the pg adapter and answered 500 on a busy test machine.
  'P2034', // Prisma: write conflict or deadlock (40001)
  'P2037', // Prisma: too many database connections (53300)
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '53300', // too_many_connections
])

type ErrorFields = { code?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown }

/** Whether the error or one of its causes (at most 6 deep) has a code `codes` accepts or a message `text` matches. */
function anyCause(err: unknown, codes: (code: string) => boolean, text?: RegExp): boolean {
  for (let cause = err, depth = 0; cause && depth < 6; depth++) {
    const { code, originalCode, message, cause: next } = cause as ErrorFields
    if (typeof code === 'string' && codes(code)) return true
    if (typeof originalCode === 'string' && codes(originalCode)) return true
    if (text && typeof message === 'string' && text.test(message)) return true
    cause = next
  }
  return false
}

/** The database cannot be reached at all (down, restarting, the connection cut). */
export function databaseUnreachable(err: unknown): boolean {
  return anyCause(
    err,
    (code) => UNREACHABLE_CODES.has(code) || code.startsWith(CONNECTION_EXCEPTION_CLASS),
    UNREACHABLE_TEXT,
  )
}

/** Unreachable, or busy past its wait: the client gets 503 (try again in a moment), not 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return databaseUnreachable(err) || anyCause(err, (code) => CONTENTION_CODES.has(code))
}
