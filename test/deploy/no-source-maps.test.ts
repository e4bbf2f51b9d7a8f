/**
 * No public source maps (issue 36): a production build of each front end serves no `.map` file and names
 * none in what it serves (no `sourceMappingURL`); the maps are kept beside dist/, in source-maps/, which
 * neither the static server nor the images (docker/Dockerfile copies dist/ alone) serve.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { SOURCE_MAPS_DIR } from '@medstore/mf-config'
import { webApps } from '@medstore/mf-config/apps'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StaticServer, serveStatic } from '../../scripts/serve-static.ts'
import { ensureWebBuilt } from '../browser/web-build.ts'
import { dockerfileStages, readRepoFile } from './files'

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))

const servers: StaticServer[] = []

beforeAll(async () => {
  // A production build (NODE_ENV is not `development` under vitest), as npm start and the images build.
  await ensureWebBuilt()
}, 600_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
})

describe.each(webApps.map((app) => [app.id, app] as const))('%s production build', (_id, app) => {
  const dist = path.join(app.dir, 'dist')

  it('has no .map file among the served files, and no served file names one', () => {
    const served = filesUnder(dist)
    expect(served.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0)
    expect(served.filter((file) => file.endsWith('.map'))).toEqual([])
    const naming = served.filter((file) =>
      readFileSync(path.join(dist, file), 'utf8').includes('sourceMappingURL'),
    )
    expect(naming).toEqual([])
  })

  it('keeps each script’s map outside dist/, and the static server answers 404 for it', async () => {
    const scripts = filesUnder(dist).filter((file) => file.endsWith('.js'))
    const maps = new Set(filesUnder(path.join(app.dir, SOURCE_MAPS_DIR)))
    const server = await serveStatic({ root: dist, port: 0, spa: app.spa, name: app.id, log: () => {} })
    servers.push(server)
    for (const script of scripts.filter((file) => maps.has(`${file}.map`)).slice(0, 3)) {
      expect((await fetch(`${server.url}/${script}`)).status, script).toBe(200)
      const map = await fetch(`${server.url}/${script}.map`)
      expect(map.status, `${script}.map`).toBe(404)
    }
    expect(scripts.some((file) => maps.has(`${file}.map`))).toBe(true)
  })
})

it('the front-end image copies only dist/ into what nginx serves', () => {
  const build = dockerfileStages(readRepoFile('docker/Dockerfile')).build?.join('\n') ?? ''
  expect(build).toMatch(/cp -r "\$\{SLICE\}\/dist" \/out\/web/)
  expect(build).not.toContain(SOURCE_MAPS_DIR)
})
