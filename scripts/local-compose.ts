/**
 * docker-compose.yml on a Docker host without Docker Hub and without the Compose v2 plugin (deploy/README.md,
 * "Building without Docker Hub"): writes .data/compose.local.yml, the same product with
 *
 * - the local base images of docker/local-bases/build.sh (medstore-local/postgres:15, medstore-local/rabbitmq:3;
 *   NODE_IMAGE and NGINX_IMAGE build arguments for the slices), and each slice's image named medstore/<slice>:local;
 * - the broker's ports not published on the host (a host with a broker of its own holds 5672);
 * - a `${NAME:-default}` whose NAME is unset here replaced by its default: docker-compose 1.x does not turn
 *   `$$` into `$` inside a default (the shell's `http://$$host:8080` reached nginx as `$$host`), only outside;
 *   and one nested in a default (the public URLs' defaults name the public ports) resolved here;
 * - what Debian's docker-compose 1.29 does not read taken out: the top-level `name` (pass `-p medstore`) and
 *   secrets read from an environment variable (each becomes a file under .data/compose-secrets, mode 0644 in
 *   a 0700 directory: the services run as uid 1000 and read it through the bind mount).
 *
 *   npm run compose:local      # after the set-up step (npm ci, or npm start's install): it needs `yaml`
 *   docker-compose -p medstore --project-directory . -f .data/compose.local.yml up -d
 *
 * docker-compose.yml itself stays the one description of the product (Compose specification, official images).
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse, stringify } from 'yaml'
import { invokedDirectly } from './lib/invoked-directly.ts'

const repoRoot = path.resolve(import.meta.dirname, '..')

export const LOCAL_IMAGES = {
  node: 'medstore-local/node:24',
  nginx: 'medstore-local/nginx:bookworm',
  postgres: 'medstore-local/postgres:15',
  rabbitmq: 'medstore-local/rabbitmq:3',
} as const

interface Service {
  image?: string
  build?: { context: string; dockerfile: string; target?: string; args?: Record<string, string> }
  [key: string]: unknown
}
interface Compose {
  name?: string
  services: Record<string, Service>
  secrets?: Record<string, { environment?: string; file?: string }>
  [key: string]: unknown
}

/** The image a slice's build is tagged with: medstore/<service>:local. */
export const sliceImage = (service: string) => `medstore/${service}:local`

/**
 * The Compose file for the local bases and docker-compose v1. `secretFile` writes a secret's value and
 * returns its path (kept out of the pure part so it can be checked without touching the disk).
 */
const DEFAULTED = /^([A-Za-z_][A-Za-z0-9_]*):-([\s\S]*)$/

/** The index of the `}` closing the `{` at `open`. */
function closingBrace(text: string, open: number): number {
  let depth = 0
  for (let index = open; index < text.length; index++) {
    if (text[index] === '{') depth++
    else if (text[index] === '}' && --depth === 0) return index
  }
  throw new Error(`local-compose: unbalanced \${ in ${text}`)
}

/** Each `${…}` in `text` given to `replace` (its inside, without the braces); `$$` left as it is. */
function mapInterpolations(text: string, replace: (inside: string) => string): string {
  let out = ''
  let index = 0
  while (index < text.length) {
    if (text.startsWith('$$', index)) {
      out += '$$'
      index += 2
    } else if (text.startsWith('${', index)) {
      const close = closingBrace(text, index + 1)
      out += replace(text.slice(index + 2, close))
      index = close + 1
    } else {
      out += text[index++]
    }
  }
  return out
}

/** Inside a default: every `${NAME:-default}` becomes NAME's value here, else its (resolved) default. */
const resolveAll = (text: string, env: NodeJS.ProcessEnv): string =>
  mapInterpolations(text, (inside) => {
    const match = DEFAULTED.exec(inside)
    if (!match?.[1]) return `\${${inside}}`
    return env[match[1]] || resolveAll(match[2] ?? '', env)
  })

/**
 * A value for docker-compose 1.x, which reads neither a `${…}` nested in a default nor `$$` inside one:
 * a nested one (`${PUBLIC_API_URL:-http://localhost:${GATEWAY_PUBLIC_PORT:-8080}}`) is resolved here from
 * `env`, and a `${NAME:-default}` that is the whole value, with NAME unset, becomes its default (still
 * escaped, `$$`, as compose unescapes it outside a default). Other variables (passwords) are left to compose.
 */
export function resolveUnsetDefault(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value !== 'string') return value
  const flat = mapInterpolations(value, (inside) => {
    const match = DEFAULTED.exec(inside)
    return match?.[1] ? `\${${match[1]}:-${resolveAll(match[2] ?? '', env)}}` : `\${${inside}}`
  })
  const whole = /^\$\{([A-Za-z_][A-Za-z0-9_]*):-([^{}]*)\}$/.exec(flat)
  if (!whole?.[1] || env[whole[1]]) return flat
  return whole[2]
}

export function localCompose(
  compose: Compose,
  secretFile: (name: string, variable: string) => string,
  env: NodeJS.ProcessEnv = {},
): Compose {
  const { name: _name, ...rest } = compose
  const services: Record<string, Service> = {}
  for (const [name, service] of Object.entries(compose.services)) {
    if (name === 'postgres') services[name] = { ...service, image: LOCAL_IMAGES.postgres }
    else if (name === 'rabbitmq') {
      // Not published: a host with its own broker (the one `npm start` uses) already holds 5672.
      const { ports: _ports, ...unpublished } = service
      services[name] = { ...unpublished, image: LOCAL_IMAGES.rabbitmq }
    } else if (service.build) {
      // Both bases for every slice: a front end's build runs in the Node image, and the classic builder
      // builds every stage before the target.
      const environment = service.environment as Record<string, unknown> | undefined
      services[name] = {
        ...service,
        ...(environment && {
          environment: Object.fromEntries(
            Object.entries(environment).map(([key, value]) => [key, resolveUnsetDefault(value, env)]),
          ),
        }),
        image: sliceImage(name),
        build: {
          ...service.build,
          args: { ...service.build.args, NODE_IMAGE: LOCAL_IMAGES.node, NGINX_IMAGE: LOCAL_IMAGES.nginx },
        },
      }
    } else services[name] = service
  }
  const secrets = Object.fromEntries(
    Object.entries(compose.secrets ?? {}).map(([name, secret]) =>
      secret.environment ? [name, { file: secretFile(name, secret.environment) }] : [name, secret],
    ),
  )
  return { ...rest, services, ...(compose.secrets ? { secrets } : {}) }
}

export interface WriteLocalComposeOptions {
  /** The settings (ports, URLs, BUILD_NETWORK) and the secrets' variables. */
  env: NodeJS.ProcessEnv
  /** The file written (default .data/compose.local.yml). */
  out?: string
  /** Where each secret becomes a file (default .data/compose-secrets). */
  secretsDir?: string
}

/** Writes the local Compose file and its secret files; returns the file's path. Throws naming a missing secret. */
export function writeLocalCompose(options: WriteLocalComposeOptions): string {
  const dataDir = path.join(repoRoot, '.data')
  const out = options.out ?? path.join(dataDir, 'compose.local.yml')
  const secretsDir = options.secretsDir ?? path.join(dataDir, 'compose-secrets')
  mkdirSync(secretsDir, { recursive: true })
  chmodSync(secretsDir, 0o700)
  const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), {
    merge: true,
  }) as Compose
  const local = localCompose(
    compose,
    (name, variable) => {
      const value = options.env[variable]
      if (!value)
        throw new Error(`local-compose: set ${variable} (the ${name} secret), as for docker compose`)
      const file = path.join(secretsDir, name)
      writeFileSync(file, value, { mode: 0o644 })
      chmodSync(file, 0o644)
      return file
    },
    options.env,
  )
  mkdirSync(path.dirname(out), { recursive: true })
  writeFileSync(
    out,
    `# Written by scripts/local-compose.ts from docker-compose.yml; do not edit.\n${stringify(local)}`,
  )
  return out
}

if (invokedDirectly(import.meta.url)) {
  try {
    const out = writeLocalCompose({ env: process.env })
    console.log(`local-compose: wrote ${path.relative(process.cwd(), out)}`)
    console.log(`  docker-compose -p medstore --project-directory . -f ${path.relative(repoRoot, out)} up -d`)
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(2)
  }
}
