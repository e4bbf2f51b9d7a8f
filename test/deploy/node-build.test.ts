/**
 * The production build of every Node slice, started as its image starts it: scripts/build-service.ts
 * bundles it and stages dist/, prisma/ and prisma.config.mjs (no TypeScript at all), then `node
 * dist/main.js` runs there with NODE_ENV=production against its own throw-away database, migrates, reports
 * ready, and stops cleanly on SIGTERM. One slice at a time.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { createTestDatabase, testInfra } from '@medstore/service-kit/testing'
import { afterAll, describe, expect, it } from 'vitest'
import { SLICES, type SliceSpec } from '../../deploy/k8s/slices'
import { buildService, stageService } from '../../scripts/build-service'
import { freePort, runBuiltSlice } from '../../scripts/lib/run-built-slice'
import { THROWAWAY_SELLER, throwawayPrescriptionKeys } from '../../scripts/lib/throwaway-production-settings'
import { repoRoot } from './files'

// Inside the repository so the staged bundles resolve their npm packages from its node_modules.
const stageRoot = path.join(repoRoot, '.data', `deploy-test-${process.pid}`)
afterAll(() => rmSync(stageRoot, { recursive: true, force: true }))

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))

/** What production requires of each slice beyond the kit's settings (see each slice's README). */
function productionSettings(slice: SliceSpec): Record<string, string> {
  switch (slice.name) {
    case 'identity':
      return {
        JWT_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
        ADMIN_EMAIL: 'admin@deploy.test',
        ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      }
    case 'order':
      return {
        PAYMENT_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
        CATALOGUE_INTERNAL_TOKEN: randomBytes(32).toString('hex'),
        // A production build with the sandbox must say it is a demo (it takes no money).
        ALLOW_SANDBOX_PAYMENTS: 'true',
        ...THROWAWAY_SELLER,
      }
    case 'prescription':
      return { PRESCRIPTION_KEYS: throwawayPrescriptionKeys() }
    case 'catalogue':
      return { SEED_DEMO_CATALOGUE: 'false', INTERNAL_TOKEN: randomBytes(32).toString('hex') }
    default:
      return {}
  }
}

const nodeSlices = SLICES.filter((slice) => slice.kind === 'node')

describe('production build of each Node slice', () => {
  it.each(nodeSlices)(
    '$name: built to JavaScript, starts with node dist/main.js, stops on SIGTERM',
    async (slice) => {
      await buildService(slice.path)
      const dir = stageService(slice.path, stageRoot)
      const staged = filesUnder(dir)
      expect(staged).toContain(path.join('dist', 'main.js'))
      expect(staged.filter((file) => /\.(c|m)?ts$/.test(file))).toEqual([])

      const port = await freePort()
      const database = slice.name === 'gateway' ? undefined : await createTestDatabase(`deploy_${slice.name}`)
      const running = await runBuiltSlice({
        dir,
        port,
        healthPath: slice.health.ready,
        env: {
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          ...(slice.name === 'gateway'
            ? { GATEWAY_PORT: String(port) }
            : {
                PORT: String(port),
                DATABASE_URL: database!.url,
                DATABASE_POOL_SIZE: '2',
                AMQP_URL: testInfra().amqpUrl,
                BUS_NAMESPACE: `deploy_${randomBytes(4).toString('hex')}`,
              }),
          ...productionSettings(slice),
        },
      })
      try {
        const live = await fetch(`${running.url}${slice.health.live}`)
        expect(live.status).toBe(200)
      } finally {
        const code = await running.stop()
        await database?.drop()
        expect(code, running.output()).toBe(0)
      }
    },
  )
})
