// When `npm start`'s supervisor restarts a slice that exited on its own, and when it gives up on it. Pure, so
// the decision is tested without processes (scripts/test/restart-policy.test.ts).

export interface RestartPolicy {
  /** A run shorter than this never settled: its exit counts as a failure at start. */
  settledAfterMs: number
  /** Failures at start in a row after which the slice is left stopped. */
  maxStartFailures: number
  /** The wait before restarting a slice that had settled; doubled for each failure at start in a row. */
  firstDelayMs: number
  maxDelayMs: number
}

/**
 * A service's start is mostly `prisma migrate deploy` (up to 45 s on a loaded 2-core machine), so a run is
 * settled only after a minute. Five failures in a row spend 1 + 2 + 4 + 8 s waiting plus the starts: long
 * enough for PostgreSQL or RabbitMQ to come back, short enough not to hide a slice that cannot start.
 */
export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  settledAfterMs: 60_000,
  maxStartFailures: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
}

export type RestartDecision =
  | { restart: true; delayMs: number; startFailures: number }
  | { restart: false; startFailures: number }

/** What to do after a slice exited on its own, having run `ranMs`, with `startFailures` failures at start before. */
export function afterUnexpectedExit(
  startFailures: number,
  ranMs: number,
  policy: RestartPolicy = DEFAULT_RESTART_POLICY,
): RestartDecision {
  const failuresNow = ranMs < policy.settledAfterMs ? startFailures + 1 : 0
  if (failuresNow >= policy.maxStartFailures) return { restart: false, startFailures: failuresNow }
  const delayMs = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, failuresNow - 1))
  return { restart: true, delayMs, startFailures: failuresNow }
}
