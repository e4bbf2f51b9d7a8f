import { Conflict, DomainError, Unprocessable } from '../domain/errors'
import { type Reply, replyWith } from './endpoint'
import { errorAnswer } from './errors'

/** The answer a retry with the same key is given again. */
export type StoredAnswer = { status: number; body: unknown }

export type KeyClaim =
  | { kind: 'new'; id: string }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'in-progress'; id: string; since: Date }
  | { kind: 'mismatch' }

/**
 * Where a command's keys live (a service's own table). `claim` inserts (key, requestHash, id) unless the key
 * is there; `takeOver` wins a stale claim for exactly one of several retries.
 */
export interface IdempotencyStore {
  claim(key: string, requestHash: string, id: string): Promise<KeyClaim>
  complete(key: string, answer: StoredAnswer): Promise<void>
  release(key: string): Promise<void>
  takeOver(key: string, since: Date): Promise<boolean>
}

export type IdempotentOptions = {
  store: IdempotencyStore
  /** The client's key; without one the command just runs. */
  key: string | undefined
  /** What makes two requests "the same" (a different request with the same key is refused). */
  requestHash: string
  /** A fresh id for the command's subject (e.g. the order id), fixed by the first claim. */
  newId: () => string
  /** The success status to store and replay. */
  status: number
  /** A claim older than this whose request never finished (the process died) is taken over by a retry. */
  staleAfterMs: number
  messages: { mismatch: string; inProgress: string }
}

/**
 * Runs a command at most once per idempotency key: the first answer (success, or a final refusal such as
 * not found or out of stock) is stored and replayed to every retry of the same request. A failure that may
 * pass (a dependency down, a crash) forgets the claim, so a retry runs the command again. `run` gets the
 * subject's id and whether an earlier attempt with this key died half-way (it may have done part of the work).
 */
export async function idempotent(
  options: IdempotentOptions,
  run: (id: string, resumed: boolean) => Promise<unknown>,
): Promise<Reply> {
  const { store, key, status } = options
  if (key === undefined) return replyWith(status, await run(options.newId(), false))
  const claim = await store.claim(key, options.requestHash, options.newId())
  switch (claim.kind) {
    case 'replay':
      return replyWith(claim.answer.status, claim.answer.body)
    case 'mismatch':
      throw new Unprocessable(options.messages.mismatch, { code: 'idempotency_key_reused' })
    case 'in-progress':
      if (
        Date.now() - claim.since.getTime() < options.staleAfterMs ||
        !(await store.takeOver(key, claim.since))
      )
        throw new Conflict(options.messages.inProgress, { code: 'idempotency_in_progress' })
  }
  let answer: StoredAnswer
  try {
    answer = { status, body: await run(claim.id, claim.kind === 'in-progress') }
  } catch (err) {
    if (!isFinal(err)) {
      await store.release(key).catch(() => undefined)
      throw err
    }
    const { status: refused, body } = errorAnswer(err)
    answer = { status: refused, body }
  }
  await store.complete(key, answer)
  return replyWith(answer.status, answer.body)
}

/** A refusal that a retry would meet again; anything else (unavailable, unexpected) may pass. */
const isFinal = (err: unknown) => err instanceof DomainError && err.kind !== 'unavailable'
