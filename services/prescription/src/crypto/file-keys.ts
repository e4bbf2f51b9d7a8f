import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { PrescriptionConfig } from '../config'
import { type FileKeys, generateKey, parseKeyList } from './file-cipher'

/**
 * The keys of this configuration, loaded once: PRESCRIPTION_KEYS when set (production requires it), else
 * a throw-away key in tests and, in development, one generated into DATA_DIR/keys so stored files stay
 * readable across restarts (the same way identity keeps its development signing key).
 */
const loaded = new WeakMap<PrescriptionConfig, FileKeys>()
export function fileKeys(config: PrescriptionConfig): FileKeys {
  let keys = loaded.get(config)
  if (!keys) {
    keys = parseKeyList(readKeyList(config), config.PRESCRIPTION_ACTIVE_KEY_ID)
    loaded.set(config, keys)
  }
  return keys
}

function readKeyList(config: PrescriptionConfig): string {
  if (config.PRESCRIPTION_KEYS) return config.PRESCRIPTION_KEYS
  if (config.NODE_ENV === 'test') return `test:${generateKey()}`
  const file = path.join(config.DATA_DIR, 'keys', 'prescription-keys')
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    try {
      writeFileSync(file, `dev:${generateKey()}`, { mode: 0o600, flag: 'wx' })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
  }
  chmodSync(file, 0o600)
  return readFileSync(file, 'utf8').trim()
}
