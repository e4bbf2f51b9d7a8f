import path from 'node:path'
import { defineConfig } from 'prisma/config'
import { migrationAdapter } from './migration-adapter'

/**
 * The prisma.config.ts of every service: `export default servicePrismaConfig(import.meta.dirname)`.
 * engine 'js' makes the CLI use its bundled wasm schema engine, so migrations work with no download.
 */
export function servicePrismaConfig(serviceDir: string) {
  return defineConfig({
    experimental: { adapter: true },
    engine: 'js',
    schema: path.join(serviceDir, 'prisma', 'schema.prisma'),
    migrations: { path: path.join(serviceDir, 'prisma', 'migrations') },
    adapter: async () => {
      const url = process.env.DATABASE_URL
      if (!url) throw new Error('DATABASE_URL is required to run Prisma migrations')
      return migrationAdapter(url, process.env.SHADOW_DATABASE_URL)
    },
  })
}
