/**
 * The gateway's image built for real from docker/Dockerfile and run: it turns healthy, answers as the API
 * host, runs as uid 1000 and carries none of the database or broker packages the gateway never loads.
 * Opt-in (`npm run deploy:images`): the build takes minutes, so `npm test` skips it and says why; it is
 * skipped too, with the reason, when no Docker engine answers `docker info`.
 *
 * Base images: NODE_IMAGE when set, else docker/local-bases' medstore-local/node:24 when it exists (a host
 * without Docker Hub, deploy/README.md), else the Dockerfile's default.
 */
import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ComposeFile, parseYaml, readRepoFile, repoRoot } from './files'

const IMAGE = 'medstore/gateway:image-test'
const CONTAINER = `medstore-gateway-image-test-${process.pid}`

function docker(args: string[], timeoutMs = 60_000) {
  const result = spawnSync('docker', args, { cwd: repoRoot, encoding: 'utf8', timeout: timeoutMs })
  return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() }
}

function skipReason(): string | undefined {
  if (process.env.MEDSTORE_IMAGE_TEST !== '1') {
    return 'opt-in: `npm run deploy:images` (MEDSTORE_IMAGE_TEST=1) builds the image, which takes minutes'
  }
  const info = docker(['info', '--format', '{{.ServerVersion}}'], 20_000)
  if (!info.ok) return `no Docker engine (docker info: ${info.out.split('\n')[0] || 'failed'})`
  return undefined
}

const skip = skipReason()
if (skip) console.warn(`[deploy] gateway image test skipped: ${skip}`)

function nodeBase(): string[] {
  if (process.env.NODE_IMAGE) return ['--build-arg', `NODE_IMAGE=${process.env.NODE_IMAGE}`]
  const local = 'medstore-local/node:24'
  return docker(['image', 'inspect', local]).ok ? ['--build-arg', `NODE_IMAGE=${local}`] : []
}

/** The build as docker-compose.yml describes it (target and build arguments), so the two cannot drift. */
function buildArgs(): string[] {
  const compose = parseYaml(readRepoFile('docker-compose.yml')) as ComposeFile
  const build = compose.services.gateway?.build
  if (!build?.target) throw new Error('docker-compose.yml: the gateway has no build target')
  const args = Object.entries(build.args ?? {}).flatMap(([name, value]) => [
    '--build-arg',
    `${name}=${value}`,
  ])
  return [
    'build',
    '-f',
    build.dockerfile,
    '--target',
    build.target,
    ...args,
    ...nodeBase(),
    '-t',
    IMAGE,
    build.context,
  ]
}

async function healthStatus(deadline: number): Promise<string> {
  let status = ''
  while (Date.now() < deadline) {
    status = docker(['inspect', '--format', '{{.State.Health.Status}}', CONTAINER]).out
    if (status === 'healthy' || status === 'unhealthy' || status.startsWith('Error')) return status
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return status
}

describe.skipIf(skip !== undefined)('the gateway image, built and run', () => {
  let built = { ok: false, out: '' }

  beforeAll(() => {
    built = docker(buildArgs(), 20 * 60_000)
  }, 21 * 60_000)

  afterAll(() => {
    docker(['rm', '-f', CONTAINER])
  })

  it('builds from docker/Dockerfile', () => {
    expect(built.ok, built.out.slice(-3000)).toBe(true)
  })

  it('runs as uid 1000 with a health check', () => {
    const config = JSON.parse(docker(['image', 'inspect', '--format', '{{json .Config}}', IMAGE]).out) as {
      User: string
      Healthcheck?: { Test: string[] }
    }
    expect(config.User).toBe('1000:1000')
    expect(config.Healthcheck?.Test.join(' ')).toContain('/app/healthcheck.mjs')
  })

  it('carries no database or broker client and no TypeScript', () => {
    const listing = docker([
      'run',
      '--rm',
      '--entrypoint',
      'ls',
      IMAGE,
      '/app/node_modules',
      '/app/node_modules/@prisma',
    ])
    const packages = listing.out.split(/\s+/)
    expect(packages).toContain('express')
    for (const unwanted of ['pg', 'amqplib', 'prisma', 'typescript', 'tsx', '@medstore']) {
      expect(packages, unwanted).not.toContain(unwanted)
    }
  })

  it('turns healthy and answers as the API host', async () => {
    const run = docker(['run', '-d', '--name', CONTAINER, '-p', '127.0.0.1::8080', IMAGE])
    expect(run.ok, run.out).toBe(true)
    const status = await healthStatus(Date.now() + 60_000)
    expect(status, docker(['logs', '--tail', '40', CONTAINER]).out).toBe('healthy')

    const port = docker(['port', CONTAINER, '8080']).out.split(':').pop()
    const live = await fetch(`http://127.0.0.1:${port}/health/live`)
    expect(live.status).toBe(200)
    // With no service behind it, a product listing is the gateway's own 502/503 answer, not a crash.
    const products = await fetch(`http://127.0.0.1:${port}/product`)
    expect([502, 503]).toContain(products.status)
    expect(docker(['inspect', '--format', '{{.State.Running}}', CONTAINER]).out).toBe('true')
  }, 90_000)
})
