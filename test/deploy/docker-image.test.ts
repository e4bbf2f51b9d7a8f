/**
 * docker/Dockerfile and the front ends' nginx configuration, read as text (no Docker engine needed): the
 * rules of issue 18 for every image (multi-stage, production dependencies only, compiled JavaScript, a
 * non-root user, a health check) and the caching rules, which must agree with scripts/serve-static.ts;
 * the runtime documents the images write at start with the static server's code, run as the image runs it.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { resolveRemotes } from '@medstore/mf-config/apps'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNginxDocuments } from '../../scripts/build-nginx-documents.ts'
import { frontEndCsp, INLINE_SCRIPT_HASHES_FILE, scriptHashSource } from '../../scripts/lib/front-end-csp.ts'
import { remoteTable } from '../../scripts/lib/front-end-documents.ts'
import { PRODUCTION_NODE_ENV } from '../../scripts/lib/node-runtime.ts'
import { NGINX_DOCUMENTS_FILE, nginxDocuments } from '../../scripts/nginx-documents.ts'
import { dockerfileStages, readRepoFile } from './files'

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
      'node-binary',
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

  it('keeps only the packages a Node slice loads, looked up from the slice as Node does', () => {
    expect(instruction('node-deps', 'RUN').join(' ')).toContain(`node /tmp/prune-deps.mjs /app "\${SLICE}"`)
  })

  it('installs production dependencies only into a Node image, from the lock file', () => {
    const install = instruction('node-deps', 'RUN').join(' ')
    expect(install).toMatch(/npm install --omit=dev .*-w "\$\{SLICE\}"/)
    expect(instruction('node-deps', 'COPY').join(' ')).toContain('/manifests/')
    const copies = instruction('node-slice', 'COPY')
    expect(copies).toContain('COPY --from=node-deps /app/node_modules ./node_modules')
    // What npm nests under the slice's folder (a version other than the root's) comes along; it was missing once,
    // and the messaging container died at start without intl-messageformat.
    expect(copies).toContain(`COPY --from=node-deps /app/\${SLICE}/node_modules ./\${SLICE}/node_modules`)
    expect(instruction('node-deps', 'RUN').join(' ')).toContain(
      `mkdir -p node_modules "\${SLICE}/node_modules"`,
    )
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
    expect(instruction('web-app', 'HEALTHCHECK')[0]).toContain('/usr/local/lib/medstore/healthcheck.mjs')
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

  it('revalidates everything else, and includes the runtime documents written at start', () => {
    const shell = readRepoFile('docker/nginx/shell.conf.template')
    const remote = readRepoFile('docker/nginx/remote.conf.template')
    for (const template of [shell, remote]) {
      expect(template).toContain(`listen \${PORT};`)
      expect(template).toContain(`include ${NGINX_DOCUMENTS_FILE};`)
      expect(template).toContain('include /etc/nginx/snippets/static-site.conf;')
    }
    expect(site).toContain('add_header Cache-Control "no-cache" always;')
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

describe("the front-end images' runtime documents (scripts/nginx-documents.ts)", () => {
  const urls = {
    PUBLIC_API_URL: 'https://api.shop.example.in/',
    REMOTE_STORE_URL: 'https://store.shop.example.in/mf-manifest.json',
    REMOTE_CHECKOUT_URL: 'https://checkout.shop.example.in/mf-manifest.json',
    REMOTE_VENDOR_URL: 'https://vendor.shop.example.in/mf-manifest.json',
  }
  const remoteOrigins = ['store', 'checkout', 'vendor'].map((name) => `https://${name}.shop.example.in`)
  const apiOrigin = 'https://api.shop.example.in'

  /** The bundle the image runs, built once, run with plain node as the entrypoint does. */
  let bundle: string
  const work = mkdtempSync(path.join(tmpdir(), 'medstore-nginx-documents-'))
  beforeAll(async () => {
    bundle = path.join(work, 'nginx-documents.mjs')
    await buildNginxDocuments(bundle)
  })
  afterAll(() => rmSync(work, { recursive: true, force: true }))

  function written(env: Record<string, string>): string {
    const out = path.join(work, `documents-${Math.random().toString(36).slice(2)}.conf`)
    const result = spawnSync(process.execPath, [bundle], {
      env: { PATH: process.env.PATH, MEDSTORE_HTML_ROOT: work, ...env, MEDSTORE_NGINX_DOCUMENTS: out },
      encoding: 'utf8',
    })
    expect(result.status, result.stderr).toBe(0)
    return readFileSync(out, 'utf8')
  }
  const cspOf = (conf: string) => /^set \$medstore_csp "(.*)";$/m.exec(conf)?.[1]
  const jsonAt = (conf: string, pathname: string) =>
    JSON.parse(new RegExp(`location = ${pathname} \\{[^}]*return 200 '([^\\n]*)';`).exec(conf)?.[1] ?? 'null')

  it('gives the shell the policy, /remotes.json and /config.json the Node static server answers with', () => {
    const conf = written({ ...urls, MEDSTORE_SITE: 'shell' })
    expect(cspOf(conf)).toBe(frontEndCsp({ remoteOrigins, apiOrigin }))
    expect(jsonAt(conf, '/remotes.json')).toEqual(remoteTable({ shell: true, env: urls }, 'unused'))
    expect(jsonAt(conf, '/config.json')).toEqual({ apiUrl: 'https://api.shop.example.in' })
  })

  it("gives a remote's own site its policy alone, with no other remote", () => {
    const conf = written({ ...urls, MEDSTORE_SITE: 'remote' })
    expect(cspOf(conf)).toBe(frontEndCsp({ remoteOrigins: [], apiOrigin }))
    expect(conf).not.toContain('location')
  })

  it("allows the shell's inline first-paint script by the hash its build wrote next to index.html", () => {
    const source = scriptHashSource('boot()')
    writeFileSync(path.join(work, INLINE_SCRIPT_HASHES_FILE), `${source}\n`)
    try {
      const conf = written({ ...urls, MEDSTORE_SITE: 'shell' })
      expect(cspOf(conf)).toBe(frontEndCsp({ remoteOrigins, apiOrigin, inlineScripts: [source] }))
    } finally {
      rmSync(path.join(work, INLINE_SCRIPT_HASHES_FILE))
    }
  })

  it("leaves nginx's $host where the development server puts the browser's host (the defaults)", () => {
    const conf = written({ MEDSTORE_SITE: 'shell' })
    expect(jsonAt(conf, '/remotes.json')).toEqual(resolveRemotes({ hostname: '$host', env: {} }))
    expect(jsonAt(conf, '/config.json')).toEqual({ apiUrl: 'http://$host:8080' })
    expect(cspOf(conf)).toContain(
      "connect-src 'self' http://$host:3001 http://$host:3002 http://$host:3003 http://$host:8080",
    )
  })

  it("keeps a quote in an operator's URL from ending the nginx string", () => {
    const text = nginxDocuments({
      shell: true,
      env: { PUBLIC_API_URL: "https://api.example.in/it's" },
      inlineScripts: [],
    })
    expect(text).toContain(`'{"apiUrl":"https://api.example.in/it\\'s"}'`)
  })

  it('is written at start by the image, which carries node for it, and sent from every site', () => {
    expect(readRepoFile('docker/nginx/static-headers.conf')).toContain(
      'add_header Content-Security-Policy $medstore_csp always;',
    )
    expect(instruction('build', 'RUN').join(' ')).toContain(
      'scripts/build-nginx-documents.ts /out/nginx-documents.mjs',
    )
    const web = (stages['web-app'] ?? []).join('\n')
    expect(web).toContain('COPY --from=node-binary /usr/local/bin/node /usr/local/bin/node')
    expect(web).toContain(
      'COPY --from=build /out/nginx-documents.mjs /usr/local/lib/medstore/nginx-documents.mjs',
    )
    expect(web).toContain('/docker-entrypoint.d/15-medstore-documents.sh')
    expect(readRepoFile('docker/nginx/15-medstore-documents.sh')).toContain(
      'node /usr/local/lib/medstore/nginx-documents.mjs',
    )
    // The node binary is glibc's: the nginx image must be a Debian one.
    expect(readRepoFile('docker/Dockerfile')).toMatch(
      /ARG NGINX_IMAGE=nginxinc\/nginx-unprivileged:[\d.]+-bookworm\n/,
    )
  })
})
