import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createWebConfig, pageOptions } from '@medstore/mf-config'
import { checkoutPages } from './src/pages.ts'

export default createWebConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  title: 'Medicine Store · checkout (standalone preview)',
  ...pageOptions(checkoutPages),
  paints: './src/pagePaints.tsx',
  exposes: {
    './routes': './src/routes.tsx',
    './CartPanel': './src/CartPanel.tsx',
    './CartSync': './src/CartSync.tsx',
  },
})
