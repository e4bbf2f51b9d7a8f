import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createWebConfig } from '@medstore/mf-config'
import { checkoutEarlyRequests } from './src/earlyRequests.ts'
import { checkoutRoutePaths } from './src/routePaths.ts'
import { checkoutScreenImports } from './src/screenImports.ts'

export default createWebConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  title: 'Medicine Store · checkout (standalone preview)',
  routes: checkoutRoutePaths,
  earlyRequests: checkoutEarlyRequests,
  screens: checkoutScreenImports,
  paints: './src/pagePaints.tsx',
  exposes: {
    './routes': './src/routes.tsx',
    './CartPanel': './src/CartPanel.tsx',
    './CartSync': './src/CartSync.tsx',
  },
})
