import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createWebConfig } from '@medstore/mf-config'
import { vendorRoutePaths } from './src/routePaths.ts'

export default createWebConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  title: 'Medicine Store · back-office (standalone preview)',
  routes: vendorRoutePaths,
  exposes: { './routes': './src/routes.tsx' },
})
