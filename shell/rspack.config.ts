import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createWebConfig } from '@medstore/mf-config'

// The host. It bakes in no remote URLs: they come from /remotes.json at runtime (src/federation).
export default createWebConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  title: 'Medicine Store',
})
