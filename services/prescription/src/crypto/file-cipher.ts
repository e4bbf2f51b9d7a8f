import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { ConfigError } from '@medstore/service-kit'

/** AES-256-GCM: a 32-byte key, a fresh 12-byte IV per file, a 16-byte tag that proves the bytes unchanged. */
const ALGORITHM = 'aes-256-gcm'
const KEY_BYTES = 32
const IV_BYTES = 12

export type FileKeys = { activeId: string; byId: ReadonlyMap<string, Buffer> }
export type SealedFile = { keyId: string; iv: Buffer; authTag: Buffer; ciphertext: Buffer }

/** A new key as PRESCRIPTION_KEYS lists it (base64 of 32 random bytes). */
export const generateKey = () => randomBytes(KEY_BYTES).toString('base64')

/**
 * Reads `id:base64,id:base64`: every key 32 bytes, ids unique. New files use `activeId` (the first key
 * unless named); the others stay for files sealed before a rotation.
 */
export function parseKeyList(list: string, activeId?: string): FileKeys {
  const byId = new Map<string, Buffer>()
  for (const entry of list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.indexOf(':')
    const id = entry.slice(0, at).trim()
    const key = Buffer.from(entry.slice(at + 1).trim(), 'base64')
    if (at < 1 || !/^[\w.-]{1,40}$/.test(id))
      throw new ConfigError('Invalid configuration: PRESCRIPTION_KEYS entries must be id:base64key')
    if (key.length !== KEY_BYTES)
      throw new ConfigError(`Invalid configuration: PRESCRIPTION_KEYS key "${id}" must be 32 bytes (base64)`)
    if (byId.has(id)) throw new ConfigError(`Invalid configuration: PRESCRIPTION_KEYS lists "${id}" twice`)
    byId.set(id, key)
  }
  const active = activeId ?? byId.keys().next().value
  if (!active || !byId.has(active))
    throw new ConfigError(
      'Invalid configuration: PRESCRIPTION_ACTIVE_KEY_ID names no key of PRESCRIPTION_KEYS',
    )
  return { activeId: active, byId }
}

/** Encrypts a file under the active key. */
export function seal(keys: FileKeys, plain: Uint8Array): SealedFile {
  const key = keys.byId.get(keys.activeId) as Buffer
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv(ALGORITHM, key, iv)
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()])
  return { keyId: keys.activeId, iv, authTag: cipher.getAuthTag(), ciphertext }
}

/** Decrypts a stored file with the key it names; a missing key or altered bytes throw. */
export function unseal(keys: FileKeys, file: SealedFile): Buffer {
  const key = keys.byId.get(file.keyId)
  if (!key) throw new Error(`Prescription file key "${file.keyId}" is not configured (PRESCRIPTION_KEYS)`)
  const decipher = createDecipheriv(ALGORITHM, key, file.iv)
  decipher.setAuthTag(file.authTag)
  return Buffer.concat([decipher.update(file.ciphertext), decipher.final()])
}
