import type { z } from 'zod'
import { validationError } from './errors'
import { unsafeTextError } from './unsafe-text'

/**
 * Parses untrusted input with a contract schema; a failure becomes a 400 naming each field. Text that
 * breaks the contracts' text rule (NUL, lone surrogates) is refused first, whatever the field's schema.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const unsafe = unsafeTextError(input)
  if (unsafe) throw unsafe
  const result = schema.safeParse(input)
  if (!result.success) throw validationError(result.error)
  return result.data
}
