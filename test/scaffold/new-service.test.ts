/**
 * `npm run new:service` in a throw-away copy of the repository: the service it makes, registered in the list
 * of services, passes typecheck, lint and its own tests (against the run's PostgreSQL and RabbitMQ), its
 * first migration is its Prisma schema, and the files that follow from the list (compose, the PostgreSQL
 * init, the Kubernetes manifests) carry it and pass the deploy tests' validation (kubectl's rendering
 * against the Kubernetes schemas, the Compose specification).
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { SERVICES } from '@medstore/contracts/services'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { copyRepo, type RepoCopy } from './repo-copy'

const repoRoot = path.resolve(import.meta.dirname, '..', '..')
const NAME = 'sample'
/** The port the scaffold gives the next service: one above the highest taken. */
const NEXT_PORT = Math.max(...SERVICES.map((service) => service.port)) + 1
const MINUTES = 60_000

let copy: RepoCopy
let scaffold: SpawnSyncReturns<string>

/** A command in the copy, with the run's PostgreSQL and RabbitMQ (not a second set of containers). */
function inCopy(command: string, args: string[]): SpawnSyncReturns<string> {
  return spawnSync(command, args, {
    cwd: copy.root,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATABASE_URL: inject('pgAdminUrl'),
      AMQP_URL: inject('amqpUrl'),
      NO_COLOR: '1',
    },
    maxBuffer: 64 * 1024 * 1024,
  })
}
const output = (result: SpawnSyncReturns<string>) =>
  stripVTControlCharacters(`${result.stdout}\n${result.stderr}`)
const bin = (name: string) => path.join('node_modules', '.bin', name)

beforeAll(() => {
  copy = copyRepo(repoRoot)
  scaffold = inCopy(process.execPath, ['--import', 'tsx', 'scripts/new-service/index.ts', NAME])
}, 3 * MINUTES)

afterAll(() => copy?.remove())

describe(`npm run new:service -- ${NAME}, in a copy of the repository`, () => {
  it('creates the service and registers it in the list of services', () => {
    expect(scaffold.status, output(scaffold)).toBe(0)
    const services = readFileSync(path.join(copy.root, 'packages/contracts/src/services.ts'), 'utf8')
    expect(services).toContain(`{ name: '${NAME}', port: ${NEXT_PORT}, paths: ['/${NAME}'] }`)
    const lock = JSON.parse(readFileSync(path.join(copy.root, 'package-lock.json'), 'utf8'))
    expect(lock.packages[`services/${NAME}`].name).toBe(`@medstore/${NAME}`)
  })

  it('refuses a name it cannot use, changing nothing', () => {
    for (const name of [NAME, 'order', 'product', 'Two-Words']) {
      const again = inCopy(process.execPath, ['--import', 'tsx', 'scripts/new-service/index.ts', name])
      expect(again.status, name).toBe(1)
      expect(again.stderr, name).toMatch(/taken|not one lower-case word/)
    }
  })

  it(
    'passes typecheck and lint',
    () => {
      // What the scaffold writes or changes and everything importing it (the contracts, the gateway and its
      // test shop, the seams, deploy, scripts), not the front ends: they import nothing new, and the run's own
      // typecheck has checked them. A third less compiling than the whole repository's tsconfig.
      writeFileSync(
        path.join(copy.root, 'tsconfig.new-service.json'),
        JSON.stringify({
          extends: './tsconfig.base.json',
          include: [
            `services/${NAME}/src`,
            `services/${NAME}/test`,
            `services/${NAME}/prisma.config.ts`,
            'packages/*/src',
            'gateway/src',
            'gateway/test',
            'test/seams',
            'deploy',
            'scripts',
          ],
          exclude: ['**/node_modules', '**/dist'],
        }),
      )
      const typecheck = inCopy(bin('tsc'), ['-p', 'tsconfig.new-service.json'])
      rmSync(path.join(copy.root, 'tsconfig.new-service.json'))
      expect(typecheck.status, output(typecheck)).toBe(0)
      const lint = inCopy(bin('biome'), ['check', '--error-on-warnings', '.'])
      expect(lint.status, output(lint)).toBe(0)
    },
    4 * MINUTES,
  )

  it(
    'passes its own tests, and the deploy tests validate the generated files and manifests',
    () => {
      const files = [
        `services/${NAME}/`,
        'test/deploy/slice-files',
        'test/deploy/kubernetes',
        'test/deploy/compose',
      ]
      const tests = inCopy(bin('vitest'), ['run', '--project', NAME, '--project', 'deploy', ...files])
      expect(tests.status, output(tests)).toBe(0)
      // Its own tests and the validation ran (a filter that matched nothing would pass too).
      expect(output(tests)).toMatch(new RegExp(`${NAME}\\W+test/notes\\.test\\.ts \\(8 tests\\)`))
      expect(output(tests)).toMatch(/deploy\W+kubernetes\.test\.ts \(\d+ tests\)/)
    },
    4 * MINUTES,
  )

  it(
    'has a first migration that is its Prisma schema',
    () => {
      const diff = inCopy(process.execPath, [
        '--import',
        'tsx',
        'scripts/new-migration.ts',
        `services/${NAME}`,
        'check',
      ])
      expect(diff.status, output(diff)).toBe(0)
      expect(diff.stdout).toContain('no schema change')
    },
    MINUTES,
  )
})
