/**
 * Recognises header names as the upstream client reads them (bytes, in whatever case the service wrote
 * them) without making a string of each: a proxied answer carries some twenty headers, most of which the
 * gateway drops (the service's own security headers, connection-level ones), and turning every name into a
 * lower-case string cost about as much as the rest of the answer's headers (issue 35).
 */
export function headerNameMatcher<K>(names: ReadonlyMap<string, K>): (name: Buffer) => K | undefined {
  /** By length, the known names (lower-case bytes) and what each means. */
  const byLength: Array<Array<[Uint8Array, K]>> = []
  for (const [name, meaning] of names) {
    const lower = Buffer.from(name.toLowerCase(), 'latin1')
    byLength[lower.length] = [...(byLength[lower.length] ?? []), [lower, meaning]]
  }
  return (name) => {
    const candidates = byLength[name.length]
    if (candidates === undefined) return undefined
    for (const [lower, meaning] of candidates) if (equalsLowerCase(name, lower)) return meaning
    return undefined
  }
}

/** `name` equals `lower` (same length, lower-case ASCII) ignoring the case of ASCII letters. */
function equalsLowerCase(name: Uint8Array, lower: Uint8Array): boolean {
  for (let i = 0; i < lower.length; i++) {
    let c = name[i]!
    if (c >= 65 && c <= 90) c += 32
    if (c !== lower[i]) return false
  }
  return true
}
