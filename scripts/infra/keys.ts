// Development JWT keys: an RS256 (RSA 2048) pair generated once into <dataDir>/keys. Production supplies
// its own key material through the environment; .data/ is gitignored so these are never committed.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface DevKeys {
  privateKeyFile: string
  publicKeyFile: string
  /** True when this call generated the pair (false: reused the existing files). */
  generated: boolean
}

export function ensureDevKeys(dataDir: string): DevKeys {
  const dir = join(dataDir, 'keys')
  const privateKeyFile = join(dir, 'jwt-private.pem')
  const publicKeyFile = join(dir, 'jwt-public.pem')
  if (existsSync(privateKeyFile) && existsSync(publicKeyFile)) {
    chmodSync(privateKeyFile, 0o600)
    return { privateKeyFile, publicKeyFile, generated: false }
  }

  mkdirSync(dataDir, { recursive: true }) // default mode: embedded PostgreSQL's data lives here too
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  // Write both under temporary names, then rename, so a crash never leaves half a pair behind.
  const suffix = `.${process.pid}.tmp`
  writeFileSync(privateKeyFile + suffix, privateKey, { mode: 0o600 })
  writeFileSync(publicKeyFile + suffix, publicKey, { mode: 0o644 })
  renameSync(publicKeyFile + suffix, publicKeyFile)
  renameSync(privateKeyFile + suffix, privateKeyFile)
  return { privateKeyFile, publicKeyFile, generated: true }
}

/**
 * The development secret of service-to-service calls (the catalogue's internal stock API): generated once
 * into <dataDir>/keys/internal-token (mode 600) and given to both sides by `npm start`.
 */
export function ensureDevInternalSecret(dataDir: string): string {
  const dir = join(dataDir, 'keys')
  const file = join(dir, 'internal-token')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const secret = randomBytes(32).toString('base64url')
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, secret, { mode: 0o600 })
  renameSync(temporary, file)
  return secret
}
