import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createWebConfig, pageOptions } from '@medstore/mf-config'
import { storePages } from './src/pages.ts'

export default createWebConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  title: 'Medicine Store · store (standalone preview)',
  ...pageOptions(storePages),
  paints: './src/pagePaints.tsx',
  exposes: { './routes': './src/routes.tsx' },
})
