/**
 * What an answer must never carry: a password hash, a stack trace, SQL or database-driver internals.
 * Used on every fuzzed answer and on every recorded exchange of the contract scenarios.
 */
const LEAKS: [string, RegExp][] = [
  ['a password hash field', /passwordHash|password_hash/i],
  ['an argon2 or bcrypt hash', /\$argon2(id|i|d)\$|\$2[aby]\$\d\d\$/],
  ['a stack trace line', /\bat (?:async )?[\w$.<>]+ \(?(?:file:\/\/|node:|\/)[^\s)]*:\d+:\d+\)?/],
  // SQL as a driver or Prisma writes it (upper-case keywords, quoted identifiers, the quotes escaped
  // inside a JSON string), not words in a product name.
  ['SQL', /\b(?:SELECT|FROM|INSERT INTO|UPDATE|DELETE FROM|JOIN)\s+\\?"\w+\\?"|\bSELECT\s+\*\s+FROM\b/],
  [
    'a database error',
    /\bPrismaClient\w*Error|\bP20\d\d\b|duplicate key value|violates (?:unique|foreign key|not-null) constraint|relation "\w+" does not exist/i,
  ],
]

/** Which leak the text shows, or undefined when it shows none. */
export function leakIn(text: string): string | undefined {
  return LEAKS.find(([, pattern]) => pattern.test(text))?.[0]
}
