/**
 * docker-compose.yml, checked without a Docker engine: against the Compose Specification's JSON schema
 * (vendored in schemas/, see its README) and against our own rules: every slice is there and built from
 * docker/Dockerfile, every container has a health check, start order waits on health, no secret in the file.
 */
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { SLICES } from '../../deploy/k8s/slices'
import { type ComposeFile, parseYaml, readRepoFile } from './files'
import composeSchema from './schemas/compose-spec.json' with { type: 'json' }

const composeText = readRepoFile('docker-compose.yml')
const compose = parseYaml(composeText) as ComposeFile
const INFRASTRUCTURE = ['postgres', 'rabbitmq']

/** The schema declares draft-07 by an https URL ajv does not know; it is draft-07, ajv's default. */
const { $schema: _draft, ...schema } = composeSchema
const validateCompose = new Ajv({ allErrors: true, strict: false }).compile(schema)

const errorsOf = (document: unknown) =>
  validateCompose(document)
    ? []
    : (validateCompose.errors ?? []).map((error) => `${error.instancePath} ${error.message}`)

/** `${NAME}`, `${NAME:-default}` or `${NAME:?message}`: the value comes from the environment. */
const INTERPOLATION = /^\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}$/
/** Defaults a secret may have in the file: none, or the laptop-only password the header describes. */
const ALLOWED_SECRET_DEFAULTS = new Set(['', 'medstore-dev'])
const SECRET_NAME = /PASSWORD|PASS$|SECRET|TOKEN|PRIVATE_KEY$/

function secretProblem(name: string, value: string): string | undefined {
  const match = INTERPOLATION.exec(value)
  if (!match) return `${name} is a literal (${value.length} characters); it must come from the environment`
  const [, , operator, fallback = ''] = match
  if (operator === '-' && !ALLOWED_SECRET_DEFAULTS.has(fallback)) return `${name} has a default value`
  return undefined
}

/** Passwords inside URLs (postgres://user:password@host): the password must be interpolated too. */
const URL_PASSWORD = /:\/\/(?:\$\{[^}]*\}|[^:/@\s]+):([^@\s]+)@/

function secretProblems(file: ComposeFile): string[] {
  const problems: string[] = []
  for (const [service, definition] of Object.entries(file.services)) {
    for (const [name, raw] of Object.entries(definition.environment ?? {})) {
      const value = String(raw ?? '')
      const where = `${service}.${name}`
      if (SECRET_NAME.test(name) && value !== '') {
        const problem = secretProblem(where, value)
        if (problem) problems.push(problem)
      }
      const password = URL_PASSWORD.exec(value)?.[1]
      if (password !== undefined) {
        const problem = secretProblem(`${where} (URL password)`, password)
        if (problem) problems.push(problem)
      }
    }
  }
  return problems
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    expect(errorsOf(compose)).toEqual([])
  })

  it('fails the schema when a service is malformed (the check can fail)', () => {
    const broken = structuredClone(compose)
    ;(broken.services.gateway as Record<string, unknown>).depends_on = 'identity'
    ;(broken.services.cart as Record<string, unknown>).restart_policy = 'always'
    expect(errorsOf(broken).length).toBeGreaterThanOrEqual(2)
  })

  it('runs every slice, each built from docker/Dockerfile with its own build arguments', () => {
    const names = Object.keys(compose.services)
    expect(names.sort()).toEqual([...INFRASTRUCTURE, ...SLICES.map((slice) => slice.name)].sort())
    for (const slice of SLICES) {
      const build = compose.services[slice.name]?.build
      expect(build, slice.name).toMatchObject({
        context: '.',
        dockerfile: 'docker/Dockerfile',
        target: slice.kind === 'node' ? 'node-slice' : 'web-app',
        args: { SLICE: slice.path, PORT: String(slice.port) },
      })
    }
  })

  it('gives every container a health check (the slices keep their image’s test, see docker/Dockerfile)', () => {
    for (const name of INFRASTRUCTURE) expect(compose.services[name]?.healthcheck?.test, name).toBeTruthy()
    for (const slice of SLICES) {
      const healthcheck = compose.services[slice.name]?.healthcheck
      expect(healthcheck?.interval, slice.name).toBeTruthy()
      // No test here means the image's HEALTHCHECK, which docker-image.test.ts requires.
      expect(healthcheck?.test, slice.name).toBeUndefined()
    }
  })

  it('starts each container only after what it needs is healthy', () => {
    const needs = (name: string) => {
      const dependsOn = compose.services[name]?.depends_on ?? {}
      expect(Array.isArray(dependsOn), `${name}: depends_on in the short form has no condition`).toBe(false)
      for (const [dependency, { condition }] of Object.entries(dependsOn)) {
        expect(condition, `${name} → ${dependency}`).toBe('service_healthy')
      }
      return Object.keys(dependsOn)
    }
    for (const slice of SLICES.filter((candidate) => candidate.kind === 'node')) {
      expect(needs(slice.name), slice.name).toEqual(expect.arrayContaining(INFRASTRUCTURE))
    }
    const services = SLICES.filter((slice) => slice.kind === 'node' && slice.name !== 'gateway')
    expect(needs('gateway')).toEqual(expect.arrayContaining(services.map((slice) => slice.name)))
    // The catalogue announces the demo catalogue at its first start: the replicas must be listening.
    expect(needs('catalogue')).toEqual(expect.arrayContaining(['cart', 'order', 'review']))
    expect(needs('shell')).toEqual(['mfe-store', 'mfe-checkout', 'mfe-vendor'])
  })

  it('keeps secrets out of the file: every secret comes from the environment', () => {
    expect(secretProblems(compose)).toEqual([])
    expect(composeText).not.toMatch(/BEGIN [A-Z ]*PRIVATE KEY/)
    // The signing key reaches identity as a file (a compose secret), never as an image layer or argument.
    expect(compose.services.identity?.secrets).toEqual(['jwt_private_key'])
    expect(compose.services.identity?.environment?.JWT_PRIVATE_KEY_FILE).toBe('/run/secrets/jwt_private_key')
    expect(compose.secrets?.jwt_private_key).toEqual({ environment: 'JWT_PRIVATE_KEY' })
  })

  it('finds a secret written into the file (the check can fail)', () => {
    const leaky = structuredClone(compose)
    const order = leaky.services.order?.environment ?? {}
    order.PAYMENT_WEBHOOK_SECRET = 'f3a9c1d2e4b5a6978877'
    order.DATABASE_URL = 'postgres://postgres:hunter2hunter2@postgres:5432/medstore_order'
    order.CATALOGUE_INTERNAL_TOKEN = `\${INTERNAL_TOKEN:-let-me-in-please}`
    expect(secretProblems(leaky)).toHaveLength(3)
  })

  it('publishes only the shop, the remotes and the API (services stay on the compose network)', () => {
    const published = Object.entries(compose.services)
      .filter(([, service]) => (service.ports ?? []).length > 0)
      .map(([name]) => name)
    expect(published.sort()).toEqual(
      ['gateway', 'shell', 'mfe-store', 'mfe-checkout', 'mfe-vendor', 'rabbitmq'].sort(),
    )
    expect(compose.services.rabbitmq?.ports?.every((port) => port.startsWith('127.0.0.1:'))).toBe(true)
  })

  it('publishes each port from one setting, and derives the public URLs from those settings', () => {
    const publicPorts = {
      gateway: ['GATEWAY_PUBLIC_PORT', 8080],
      shell: ['SHELL_PUBLIC_PORT', 3000],
      'mfe-store': ['MFE_STORE_PUBLIC_PORT', 3001],
      'mfe-checkout': ['MFE_CHECKOUT_PUBLIC_PORT', 3002],
      'mfe-vendor': ['MFE_VENDOR_PUBLIC_PORT', 3003],
    } as const
    for (const [name, [variable, port]] of Object.entries(publicPorts)) {
      expect(compose.services[name]?.ports, name).toEqual([`\${${variable}:-${port}}:${port}`])
    }
    const env = (service: string, name: string) => compose.services[service]?.environment?.[name]
    const variable = (name: string, fallback: string | number) => `\${${name}:-${fallback}}`
    const api = variable('PUBLIC_API_URL', `http://localhost:${variable('GATEWAY_PUBLIC_PORT', 8080)}`)
    for (const service of ['catalogue', 'order', 'gateway']) expect(env(service, 'PUBLIC_API_URL')).toBe(api)
    expect(env('shell', 'PUBLIC_API_URL')).toContain(variable('GATEWAY_PUBLIC_PORT', 8080))
    expect(env('shell', 'REMOTE_STORE_URL')).toContain(variable('MFE_STORE_PUBLIC_PORT', 3001))
    expect(env('shell', 'REMOTE_CHECKOUT_URL')).toContain(variable('MFE_CHECKOUT_PUBLIC_PORT', 3002))
    expect(env('shell', 'REMOTE_VENDOR_URL')).toContain(variable('MFE_VENDOR_PUBLIC_PORT', 3003))
    expect(env('order', 'SHELL_URL')).toContain(variable('SHELL_PUBLIC_PORT', 3000))
    expect(env('gateway', 'CORS_ORIGINS')).toBe(variable('CORS_ORIGINS', String(env('order', 'SHELL_URL'))))
  })

  it('builds every slice on the network BUILD_NETWORK names (host, on a daemon without NAT)', () => {
    for (const slice of SLICES) {
      const build = compose.services[slice.name]?.build as { network?: string } | undefined
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Compose interpolation, not a template
      expect(build?.network, slice.name).toBe('${BUILD_NETWORK:-default}')
    }
  })

  it('keeps data on named volumes', () => {
    expect(Object.keys(compose.volumes ?? {}).sort()).toEqual(['postgres-data', 'rabbitmq-data'])
  })
})
