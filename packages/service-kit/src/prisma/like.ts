/**
 * A user's text inside a LIKE/ILIKE pattern (PostgreSQL's default escape character, the backslash) matches
 * literally: `%` and `_` typed in a search box are characters, not wildcards. Prisma's `contains` passes
 * its value into the pattern as it is, so it needs this too.
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`)
