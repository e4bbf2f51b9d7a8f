import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'

/**
 * How guessable a chosen password is, by zxcvbn (a strength estimator whose dictionaries hold the most
 * common and breached passwords, keyboard patterns, sequences, repeats and dates). Scores run 0–4; below
 * MIN_SCORE ("too guessable": under ~10^6 guesses) is refused. The user's own name and e-mail count as
 * words a guesser would try first.
 */
export const MIN_SCORE = 2

export const WEAK_PASSWORD =
  'This password is too easy to guess (a common password, a name or a simple pattern). Try a few unrelated words, or a longer mix of letters, digits and symbols'

let estimator: ZxcvbnFactory | undefined
// Built on first use (~0.3 s to load the dictionaries), not when the service starts.
const zxcvbn = () => {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })
  return estimator
}

/** The reason a chosen password is refused, or undefined when it will do. */
export function weakPasswordProblem(password: string, personal: readonly string[] = []): string | undefined {
  const words = personal
    .flatMap((w) => [w.toLowerCase(), ...w.toLowerCase().split(/[^\p{L}\p{N}]+/u)])
    .filter((w) => w.length >= 3)
  return zxcvbn().check(password, words).score < MIN_SCORE ? WEAK_PASSWORD : undefined
}
