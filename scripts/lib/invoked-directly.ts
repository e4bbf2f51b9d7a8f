import { realpathSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * True when the module at `moduleUrl` (pass `import.meta.url`) is the script node/tsx was started with,
 * false when it was imported (by a test, a bench or another script). Paths are compared after resolving
 * links, so `node_modules/.bin` shims and symlinked checkouts still count as direct.
 */
export function invokedDirectly(moduleUrl: string): boolean {
  try {
    return !!process.argv[1] && realpathSync(path.resolve(process.argv[1])) === fileURLToPath(moduleUrl)
  } catch {
    return false
  }
}
