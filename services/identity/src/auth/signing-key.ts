import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ConfigError } from '@medstore/service-kit'
import type { IdentityConfig } from '../config'

/** The key tokens are signed with, its public half and how the JWKS endpoint publishes it. */
export type SigningKey = {
  privateKey: KeyObject
  publicKey: KeyObject
  kid: string
  jwk: Record<string, unknown>
}

export const SIGNING_ALGORITHM = 'RS256'

/**
 * Loads the signing key once per configuration (the routes and the kit's verifier share it).
 * JWT_PRIVATE_KEY (PEM) wins over JWT_PRIVATE_KEY_FILE; without either, tests get a throw-away key and
 * development generates one into DATA_DIR/keys (the file npm start uses), so tokens survive a restart.
 * Production without a key never gets here: the configuration check stops start-up first.
 */
const loaded = new WeakMap<IdentityConfig, SigningKey>()
export function signingKey(config: IdentityConfig): SigningKey {
  let key = loaded.get(config)
  if (!key) {
    key = fromPrivateKey(readPrivateKey(config))
    loaded.set(config, key)
  }
  return key
}

function readPrivateKey(config: IdentityConfig): KeyObject {
  if (config.JWT_PRIVATE_KEY) return parsePem(config.JWT_PRIVATE_KEY, 'JWT_PRIVATE_KEY')
  if (config.JWT_PRIVATE_KEY_FILE) {
    let pem: string
    try {
      pem = readFileSync(config.JWT_PRIVATE_KEY_FILE, 'utf8')
    } catch (err) {
      throw new ConfigError(
        `Invalid configuration: JWT_PRIVATE_KEY_FILE cannot be read (${(err as NodeJS.ErrnoException).code})`,
      )
    }
    return parsePem(pem, 'JWT_PRIVATE_KEY_FILE')
  }
  if (config.NODE_ENV === 'test') return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
  return developmentKey(config.DATA_DIR)
}

function parsePem(pem: string, name: string): KeyObject {
  let key: KeyObject
  try {
    key = createPrivateKey(pem.replace(/\\n/g, '\n'))
  } catch {
    throw new ConfigError(`Invalid configuration: ${name} is not a PEM private key`)
  }
  if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048)
    throw new ConfigError(`Invalid configuration: ${name} must be an RSA key of at least 2048 bits (RS256)`)
  return key
}

function developmentKey(dataDir: string): KeyObject {
  const file = path.join(dataDir, 'keys', 'jwt-private.pem')
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    // 'wx': if npm start (or another instance) wrote it meanwhile, theirs wins and is read below.
    try {
      writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
  }
  chmodSync(file, 0o600)
  return parsePem(readFileSync(file, 'utf8'), file)
}

function fromPrivateKey(privateKey: KeyObject): SigningKey {
  const publicKey = createPublicKey(privateKey)
  const { n, e } = publicKey.export({ format: 'jwk' })
  // RFC 7638 thumbprint: the same key always gets the same id, a new key a new one (rotation).
  const kid = createHash('sha256')
    .update(JSON.stringify({ e, kty: 'RSA', n }))
    .digest('base64url')
  return { privateKey, publicKey, kid, jwk: { kty: 'RSA', n, e, kid, alg: SIGNING_ALGORITHM, use: 'sig' } }
}
