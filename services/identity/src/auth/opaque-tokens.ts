import { createHash, randomBytes } from 'node:crypto'

/** A random token to hand out (256 bits, URL-safe); only its hash is stored. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url')

/** What the database keeps of a token: a leaked table gives no usable token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')
