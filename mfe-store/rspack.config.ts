import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createWebConfig } from '@medstore/mf-config'
import { storeEarlyRequests } from './src/earlyRequests.ts'
import { storeRoutePaths } from './src/routePaths.ts'
import { storeScreenImports } from './src/screenImports.ts'

export default createWebConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  title: 'Medicine Store · store (standalone preview)',
  routes: storeRoutePaths,
  earlyRequests: storeEarlyRequests,
  screens: storeScreenImports,
  paints: './src/pagePaints.tsx',
  exposes: { './routes': './src/routes.tsx' },
})
