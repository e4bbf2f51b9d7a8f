import type { ErrorCode } from '@medstore/contracts/errors'
import { ApiError } from '@medstore/web-client'

/**
 * One Idempotency-Key per attempt-set. The order service remembers the key with the request it carried
 * and replays its final answer, so:
 * - the same request sent again (a double click, Try Again after a network error, a timeout or a 5xx)
 *   reuses the key, and the server places at most one order;
 * - once the server gave a final answer (e.g. 409: not enough stock) or the request changed (another
 *   address, quantity or payment type), the next attempt needs a fresh key, else it would get the old
 *   answer replayed (or a 422 for a different body).
 */
export interface KeyState {
  key: string
  /** The request the key was used for (its JSON), or undefined before the first send. */
  request: string | undefined
  /** The server answered finally: the key is spent. */
  spent: boolean
}

export const newKeyState = (makeKey: () => string = () => crypto.randomUUID()): KeyState => ({
  key: makeKey(),
  request: undefined,
  spent: false,
})

/** The key to send `request` with, and the state to keep. */
export function keyFor(
  state: KeyState,
  request: string,
  makeKey: () => string = () => crypto.randomUUID(),
): KeyState {
  if (state.spent || (state.request !== undefined && state.request !== request))
    return { key: makeKey(), request, spent: false }
  return { ...state, request }
}

/** Whether an error is final for this key (the server decided) or worth a retry with the same key. */
export function isFinalAnswer(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  if (error.kind !== 'http') return false
  // `idempotency_in_progress` is the server asking for the same key later; 5xx released the key.
  if (error.status >= 500) return false
  return error.code !== ('idempotency_in_progress' satisfies ErrorCode)
}

/** The state after a failure. */
export const afterFailure = (state: KeyState, error: unknown): KeyState =>
  isFinalAnswer(error) ? { ...state, spent: true } : state
