/** A LIKE/ILIKE pattern matching `text` anywhere: the user's % and _ are literal characters, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The lookup key of a category name: names are unique ignoring case and surrounding spaces. */
export function categoryKey(name: string): string {
  return name.trim().toLowerCase()
}
