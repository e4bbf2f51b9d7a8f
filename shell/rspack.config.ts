import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createWebConfig } from '@medstore/mf-config'
import { FirstPaintPlugin } from './build/first-paint.ts'

// The host. It bakes in no remote URLs: they come from /remotes.json at runtime (src/federation).
const config = createWebConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  title: 'Medicine Store',
})

// index.html paints the storefront before any script arrives (build/first-paint.ts).
config.plugins = [...(config.plugins ?? []), new FirstPaintPlugin()]

export default config
