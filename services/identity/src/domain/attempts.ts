/**
 * Per-account rate limits (failed sign-ins per email, refused sign-ups per email): a fixed window that
 * starts at the first counted attempt. Pure: the repository stores what these functions return.
 */
export type AttemptPolicy = { maxAttempts: number; windowMs: number }
export type AttemptWindow = { attempts: number; windowStart: Date }

const expired = (w: AttemptWindow, now: Date, policy: AttemptPolicy) =>
  now.getTime() - w.windowStart.getTime() >= policy.windowMs

/** The window after one more counted attempt. */
export function countAttempt(
  current: AttemptWindow | undefined,
  now: Date,
  policy: AttemptPolicy,
): AttemptWindow {
  if (!current || expired(current, now, policy)) return { attempts: 1, windowStart: now }
  return { attempts: current.attempts + 1, windowStart: current.windowStart }
}

/** Milliseconds until the account may try again, or 0 when it may now. */
export function lockedForMs(current: AttemptWindow | undefined, now: Date, policy: AttemptPolicy): number {
  if (!current || expired(current, now, policy) || current.attempts < policy.maxAttempts) return 0
  return current.windowStart.getTime() + policy.windowMs - now.getTime()
}

/** "Please try again in 3 minutes." — rounded up, never "0 minutes". */
export function retryMessage(prefix: string, waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000))
  return `${prefix} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}
