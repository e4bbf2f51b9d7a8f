/**
 * docker/Dockerfile and the front ends' nginx configuration, read as text (no Docker engine needed): the
 * rules of issue 18 for every image (multi-stage, production dependencies only, compiled JavaScript, a
 * non-root user, a health check) and the caching rules, which must agree with scripts/serve-static.ts.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { resolveRemotes } from '@medstore/mf-config/apps'
import { describe, expect, it } from 'vitest'
import { frontEndCsp, INLINE_SCRIPT_HASHES_FILE, scriptHashSource } from '../../scripts/lib/front-end-csp.ts'
import { PRODUCTION_NODE_ENV } from '../../scripts/lib/node-runtime.ts'
import { dockerfileStages, readRepoFile, repoRoot } from './files'

const stages = dockerfileStages(readRepoFile('docker/Dockerfile'))
const instruction = (stage: string, keyword: string) =>
  (stages[stage] ?? []).filter((line) => line.toUpperCase().startsWith(`${keyword} `))

describe('docker/Dockerfile', () => {
  it('builds in stages and ships two kinds of runtime image', () => {
    expect(Object.keys(stages)).toEqual([
      'manifests',
      'deps',
      'source',
      'build',
      'node-deps',
      'node-slice',
      'web-app',
    ])
  })

  it('installs every dependency once for all slices, before the slice is chosen', () => {
    // SLICE is declared in the build stage only: the install and the Prisma generation above it are shared.
    for (const stage of ['manifests', 'deps', 'source']) {
      expect((stages[stage] ?? []).join('\n'), stage).not.toContain('SLICE')
    }
    expect(instruction('deps', 'COPY')).toEqual(['COPY --from=manifests /manifests/ ./'])
  })

  it('keeps only the packages a Node slice loads', () => {
    expect(instruction('node-deps', 'RUN').join(' ')).toContain('node /tmp/prune-deps.mjs /app/node_modules')
  })

  it('installs production dependencies only into a Node image, from the lock file', () => {
    const install = instruction('node-deps', 'RUN').join(' ')
    expect(install).toMatch(/npm install --omit=dev .*-w "\$\{SLICE\}"/)
    expect(instruction('node-deps', 'COPY').join(' ')).toContain('/manifests/')
    expect(instruction('node-slice', 'COPY').join(' ')).toContain('--from=node-deps /app/node_modules')
  })

  it('runs compiled JavaScript with node, never a TypeScript loader', () => {
    expect(instruction('build', 'RUN').join(' ')).toContain(
      `scripts/build-service.ts "\${SLICE}" --stage /out`,
    )
    expect(instruction('node-slice', 'CMD')).toEqual(['CMD ["node", "--enable-source-maps", "dist/main.js"]'])
    for (const stage of ['node-slice', 'web-app']) {
      expect((stages[stage] ?? []).join('\n'), stage).not.toMatch(/\btsx\b|\.ts\b/)
    }
  })

  it('runs as a non-root user with a health check', () => {
    const [user] = instruction('node-slice', 'USER')
    expect(user).toMatch(/^USER [1-9]\d*(:[1-9]\d*)?$/)
    expect(stages['web-app']?.[0]).toMatch(/^FROM \$\{NGINX_IMAGE\} AS web-app$/)
    expect(readRepoFile('docker/Dockerfile')).toMatch(/ARG NGINX_IMAGE=nginxinc\/nginx-unprivileged:/)
    expect(instruction('node-slice', 'HEALTHCHECK')[0]).toContain('/app/healthcheck.mjs')
    expect(instruction('web-app', 'HEALTHCHECK')[0]).toContain('/health/ready')
  })

  it('runs Node with the memory settings the benches measure (scripts/lib/node-runtime.ts)', () => {
    const settings = new Map<string, string>()
    for (const line of instruction('node-slice', 'ENV'))
      for (const [, name, quoted, bare] of line.slice(4).matchAll(/(\w+)=(?:"([^"]*)"|(\S+))/g))
        settings.set(name!, quoted ?? bare!)
    for (const [name, value] of Object.entries(PRODUCTION_NODE_ENV))
      expect(settings.get(name), name).toBe(value)
  })

  it('keeps secrets and local state out of the build context', () => {
    const ignored = readRepoFile('.dockerignore').split('\n')
    for (const entry of ['**/node_modules', '**/dist', '.data', '.git', '.env', '**/*.pem']) {
      expect(ignored, entry).toContain(entry)
    }
    // No secret is passed as a build argument (they would stay in the image's history).
    expect(readRepoFile('docker/Dockerfile')).not.toMatch(/ARG \w*(SECRET|PASSWORD|TOKEN|KEY)\b/)
  })
})

describe('front-end nginx configuration', () => {
  const site = readRepoFile('docker/nginx/static-site.conf')
  const hashedRule = /location ~\* "([^"]+)"/.exec(site)?.[1]
  const hashed = new RegExp(hashedRule ?? 'missing', 'i')

  it('caches content-hashed files for a year and nothing else', () => {
    expect(site).toContain('add_header Cache-Control "public, max-age=31536000, immutable" always;')
    // Output names from packages/mf-config: [name].[contenthash:10].js in production.
    for (const name of [
      '/main.6153b99fb0.js',
      '/__federation_expose_Routes.0a1b2c3d4e.js',
      '/x.89abcdef01.css',
    ]) {
      expect(hashed.test(name), name).toBe(true)
    }
    for (const name of [
      '/remoteEntry.js',
      '/mf-manifest.json',
      '/index.html',
      '/remotes.json',
      '/config.json',
    ]) {
      expect(hashed.test(name), name).toBe(false)
    }
  })

  it('revalidates everything else, and the shell answers /remotes.json and /config.json from the environment', () => {
    const shell = readRepoFile('docker/nginx/shell.conf.template')
    const remote = readRepoFile('docker/nginx/remote.conf.template')
    for (const template of [shell, remote]) {
      expect(template).toContain(`listen \${PORT};`)
      expect(template).toContain('include /etc/nginx/snippets/static-site.conf;')
    }
    expect(site).toContain('add_header Cache-Control "no-cache" always;')
    expect(shell).toMatch(/location = \/remotes\.json \{[^}]*return 200 '\$\{MEDSTORE_REMOTES_JSON\}';/)
    expect(shell).toMatch(
      /location = \/config\.json \{[^}]*return 200 '\{"apiUrl":"\$\{PUBLIC_API_URL\}"\}';/,
    )
    // Client-side routes get the app's index.html; a missing file with an extension is a 404.
    expect(site).toContain('try_files $uri /index.html;')
    expect(site).toMatch(/location ~ "\\\.\[A-Za-z0-9\]\+\$" \{[^}]*try_files \$uri =404;/)
  })

  it('sends the security headers from every location that sets its own headers', () => {
    const headers = readRepoFile('docker/nginx/static-headers.conf')
    for (const header of ['X-Content-Type-Options "nosniff"', 'Access-Control-Allow-Origin "*"']) {
      expect(headers).toContain(header)
    }
    // nginx drops inherited add_header lines in a location with its own: each such location includes them.
    for (const file of ['static-site.conf', 'shell.conf.template', 'remote.conf.template']) {
      const text = readRepoFile(`docker/nginx/${file}`)
      const locations = text.split(/\n\s*location /).slice(1)
      for (const location of locations.filter((block) =>
        /add_header Cache-Control "(no-cache|public)/.test(block),
      )) {
        expect(location, `${file}: location ${location.split('{')[0]}`).toContain('static-headers.conf')
      }
    }
  })
})

describe('front-end Content-Security-Policy (docker/nginx/15-medstore-csp.envsh)', () => {
  /** Sources the script as the nginx entrypoint does and returns the policy it exports. */
  function policyText(env: Record<string, string>): string {
    const script = path.join(repoRoot, 'docker', 'nginx', '15-medstore-csp.envsh')
    const result = spawnSync('sh', ['-c', `. "${script}"; printf '%s' "$MEDSTORE_CSP"`], {
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
    })
    expect(result.status, result.stderr).toBe(0)
    return result.stdout
  }
  /** The same policy as directives. */
  function policy(env: Record<string, string>): Record<string, string[]> {
    return Object.fromEntries(
      policyText(env)
        .split(';')
        .map((directive) => {
          const [name = '', ...sources] = directive.trim().split(' ')
          return [name, sources]
        }),
    )
  }
  const urls = {
    PUBLIC_API_URL: 'https://api.shop.example.in/',
    REMOTE_STORE_URL: 'https://store.shop.example.in/mf-manifest.json',
    REMOTE_CHECKOUT_URL: 'https://checkout.shop.example.in/mf-manifest.json',
    REMOTE_VENDOR_URL: 'https://vendor.shop.example.in/mf-manifest.json',
  }
  const remoteOrigins = ['store', 'checkout', 'vendor'].map((name) => `https://${name}.shop.example.in`)

  it("lets the shell's page run scripts from itself and the remotes only, and talk to them and the API", () => {
    const csp = policy({ ...urls, MEDSTORE_SITE: 'shell' })
    expect(csp['script-src']).toEqual(["'self'", ...remoteOrigins])
    expect(csp['connect-src']).toEqual(["'self'", ...remoteOrigins, 'https://api.shop.example.in'])
    expect(csp['img-src']).toEqual(expect.arrayContaining(['https://api.shop.example.in', 'data:', 'blob:']))
    expect(csp['frame-ancestors']).toEqual(["'none'"])
    expect(csp['object-src']).toEqual(["'none'"])
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"])
  })

  // Two writings of one policy (the Node server's and the nginx image's): whole-string equality keeps them one.
  it('is, word for word, the policy the Node static server sends (scripts/lib/front-end-csp.ts)', () => {
    const apiOrigin = 'https://api.shop.example.in'
    expect(policyText({ ...urls, MEDSTORE_SITE: 'shell' })).toBe(frontEndCsp({ remoteOrigins, apiOrigin }))
    expect(policyText({ ...urls, MEDSTORE_SITE: 'remote' })).toBe(
      frontEndCsp({ remoteOrigins: [], apiOrigin }),
    )
  })

  it("allows the shell's inline first-paint script by the hash its build wrote next to index.html", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'medstore-html-'))
    try {
      const source = scriptHashSource('boot()')
      writeFileSync(path.join(root, INLINE_SCRIPT_HASHES_FILE), `${source}\n`)
      const env = { ...urls, MEDSTORE_SITE: 'shell', MEDSTORE_HTML_ROOT: root }
      expect(policy(env)['script-src']).toEqual(["'self'", source, ...remoteOrigins])
      const apiOrigin = 'https://api.shop.example.in'
      expect(policyText(env)).toBe(frontEndCsp({ remoteOrigins, apiOrigin, inlineScripts: [source] }))
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it("gives a remote's own page no other remote, and the image's defaults keep nginx's $host", () => {
    expect(policy({ ...urls, MEDSTORE_SITE: 'remote' })['script-src']).toEqual(["'self'"])
    const defaults = policy({ MEDSTORE_SITE: 'shell', PUBLIC_API_URL: 'http://$host:8080' })
    expect(defaults['connect-src']).toContain('http://$host:8080')
  })

  it('is sent from every site through the shared headers', () => {
    expect(readRepoFile('docker/nginx/static-headers.conf')).toContain(
      'add_header Content-Security-Policy $medstore_csp always;',
    )
    for (const site of ['shell', 'remote']) {
      expect(readRepoFile(`docker/nginx/${site}.conf.template`)).toContain(
        `set $medstore_csp "\${MEDSTORE_CSP}";`,
      )
    }
    expect(readRepoFile('docker/Dockerfile')).toContain('/docker-entrypoint.d/15-medstore-csp.envsh')
  })
})

describe("the shell image's /remotes.json (docker/nginx/15-medstore-csp.envsh)", () => {
  /** The image's ENV defaults, as the Dockerfile writes them (`NAME='value' \`). */
  const imageDefaults = Object.fromEntries(
    [...readRepoFile('docker/Dockerfile').matchAll(/^\s+((?:REMOTE|PUBLIC)_\w+)='([^']*)'/gm)].map(
      ([, name, value]) => [name, value],
    ),
  )

  it('has the shape and the defaults the development server answers with', () => {
    const script = path.join(repoRoot, 'docker', 'nginx', '15-medstore-csp.envsh')
    const result = spawnSync('sh', ['-c', `. "${script}"; printf '%s' "$MEDSTORE_REMOTES_JSON"`], {
      env: { PATH: process.env.PATH, ...imageDefaults, MEDSTORE_SITE: 'shell' },
      encoding: 'utf8',
    })
    expect(result.status, result.stderr).toBe(0)
    // nginx fills in $host per request; the development server fills in the host the browser used.
    expect(JSON.parse(result.stdout)).toEqual(resolveRemotes({ hostname: '$host', env: {} }))
  })
})
