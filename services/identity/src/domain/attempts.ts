/**
 * Throttling by growing delays (OWASP's alternative to locking accounts): failures are counted per key (an
 * account, a client address, an account from one address); the first `freeFailures` cost nothing, then
 * each one more doubles the wait before the next try (1 s, 2 s, 4 s … up to `maxDelayMs`), counted from
 * the latest failure. A count is forgotten `forgetAfterMs` after its latest failure. Pure: the repository
 * stores what these functions return.
 */
export type AttemptPolicy = {
  freeFailures: number
  baseDelayMs: number
  maxDelayMs: number
  forgetAfterMs: number
}
export type AttemptWindow = { attempts: number; windowStart: Date; lastAttemptAt: Date }

const forgotten = (w: AttemptWindow, now: Date, policy: AttemptPolicy) =>
  now.getTime() - w.lastAttemptAt.getTime() >= policy.forgetAfterMs

/** The count after one more failure. */
export function countAttempt(
  current: AttemptWindow | undefined,
  now: Date,
  policy: AttemptPolicy,
): AttemptWindow {
  if (!current || forgotten(current, now, policy))
    return { attempts: 1, windowStart: now, lastAttemptAt: now }
  return { attempts: current.attempts + 1, windowStart: current.windowStart, lastAttemptAt: now }
}

/** Whether the key has failures that still count. */
export const hasFailures = (current: AttemptWindow | undefined, now: Date, policy: AttemptPolicy) =>
  current !== undefined && current.attempts > 0 && !forgotten(current, now, policy)

/** The delay the failures so far have earned: 0 while they are free, then doubling to the cap. */
export function delayAfter(attempts: number, policy: AttemptPolicy): number {
  if (attempts < policy.freeFailures) return 0
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempts - policy.freeFailures))
}

/** Milliseconds until the key may try again, or 0 when it may now. */
export function lockedForMs(current: AttemptWindow | undefined, now: Date, policy: AttemptPolicy): number {
  if (!current || !hasFailures(current, now, policy)) return 0
  return Math.max(0, current.lastAttemptAt.getTime() + delayAfter(current.attempts, policy) - now.getTime())
}

/** "Please try again in 8 seconds." / "… in 3 minutes." — rounded up, never "0". */
export function retryMessage(prefix: string, waitMs: number): string {
  if (waitMs < 60_000) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000))
    return `${prefix} Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
  }
  const minutes = Math.ceil(waitMs / 60_000)
  return `${prefix} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}
