import { createHmac, timingSafeEqual } from 'node:crypto'

/** Hex HMAC-SHA256 of the exact bytes received (a re-serialised body would not match). */
export const hmacHex = (secret: string, body: Buffer | string): string =>
  createHmac('sha256', secret).update(body).digest('hex')

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(secret: string, body: Buffer, received: string | undefined): boolean {
  if (!received) return false
  const expected = Buffer.from(hmacHex(secret, body), 'utf8')
  const given = Buffer.from(received.trim().toLowerCase(), 'utf8')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
