/**
 * The security headers of the front-end servers (scripts/serve-static.ts), without a build: a tiny dist
 * in a temporary directory. The browser proof that the real shop runs under this CSP is in web.test.ts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  frontEndCsp,
  INLINE_SCRIPT_HASHES_FILE,
  originOf,
  parseScriptHashes,
  scriptHashSource,
} from '../../scripts/lib/front-end-csp.ts'
import { type StaticServer, serveStatic } from '../../scripts/serve-static.ts'

/** `a b; c d` → { a: ['b'], c: ['d'] } */
const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? '').split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/)
      return [name, sources]
    }),
  ) as Record<string, string[]>

describe('frontEndCsp', () => {
  const policy = directives(
    frontEndCsp({
      remoteOrigins: ['http://localhost:3001', 'http://localhost:3002', 'http://localhost:3001'],
      apiOrigin: 'https://api.medstore.in',
    }),
  )

  it('runs scripts only from this origin and the remotes, never inline or eval', () => {
    expect(policy['script-src']).toEqual(["'self'", 'http://localhost:3001', 'http://localhost:3002'])
    expect(policy['default-src']).toEqual(["'self'"])
    expect(policy['object-src']).toEqual(["'none'"])
  })

  it('talks to the remotes and the API only, and shows pictures from the API', () => {
    expect(policy['connect-src']).toEqual([
      "'self'",
      'http://localhost:3001',
      'http://localhost:3002',
      'https://api.medstore.in',
    ])
    expect(policy['img-src']).toContain('https://api.medstore.in')
    expect(policy['img-src']).not.toContain('*')
  })

  it("allows inline styles (styled-components' <style> tags) and nothing may frame the page", () => {
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"])
    expect(policy['frame-ancestors']).toEqual(["'none'"])
    expect(policy['base-uri']).toEqual(["'self'"])
  })

  it("frames only the page's own object URLs (a private PDF in the browser's PDF view), never a plugin", () => {
    expect(policy['frame-src']).toEqual(["'self'", 'blob:'])
    expect(policy['object-src']).toEqual(["'none'"])
  })

  it("allows eval only for a development build's source maps", () => {
    const dev = directives(
      frontEndCsp({ remoteOrigins: [], apiOrigin: 'http://localhost:8080', development: true }),
    )
    expect(dev['script-src']).toEqual(["'self'", "'unsafe-eval'"])
  })

  it('lets exactly the inline scripts it is given by hash run, and reads the hashes file strictly', () => {
    const boot = "(function(){document.title='x'})()"
    const source = scriptHashSource(boot)
    expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/)
    const inline = directives(frontEndCsp({ remoteOrigins: [], apiOrigin: 'x', inlineScripts: [source] }))
    expect(inline['script-src']).toEqual(["'self'", source])
    expect(parseScriptHashes(`${source}\n'unsafe-inline' https://evil.example\n`)).toEqual([source])
  })

  it('reads origins from manifest URLs and ignores what is no absolute URL', () => {
    expect(originOf('http://10.0.0.5:3001/mf-manifest.json')).toBe('http://10.0.0.5:3001')
    expect(originOf('/store/mf-manifest.json')).toBeUndefined()
  })
})

/** A GET with the Host header a browser would send (fetch does not let a caller set it). */
function headersFor(server: StaticServer, pathname: string, host: string): Promise<http.IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    http
      .get({ hostname: '127.0.0.1', port: server.port, path: pathname, headers: { host } }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.headers))
      })
      .on('error', reject)
  })
}

describe('serve-static headers', () => {
  let dir: string
  let shell: StaticServer
  let remote: StaticServer
  const env: NodeJS.ProcessEnv = {
    PUBLIC_API_URL: 'https://api.medstore.in/',
    REMOTE_VENDOR_URL: 'https://vendor.medstore.in/mf-manifest.json',
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'front-end-headers-'))
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>t</title>')
    await writeFile(path.join(dir, 'main.0123456789.js'), 'console.log(1)')
    await writeFile(path.join(dir, INLINE_SCRIPT_HASHES_FILE), `${scriptHashSource('boot()')}\n`)
    shell = await serveStatic({ root: dir, port: 0, spa: true, remotes: {}, env, log: () => {} })
    remote = await serveStatic({
      root: dir,
      port: 0,
      spa: true,
      env: { NODE_ENV: 'production' },
      log: () => {},
    })
  })
  afterAll(async () => {
    await Promise.all([shell?.close(), remote?.close()])
    await rm(dir, { recursive: true, force: true })
  })

  it.each(['/', '/index.html', '/shopDetails/abc'])(
    'sends the shell page %s with a CSP naming the runtime remotes and the API',
    async (page) => {
      const headers = await headersFor(shell, page, 'shop.example:3000')
      const policy = directives(String(headers['content-security-policy']))
      // Remotes at their default ports on the host the browser used, unless an env var moved one.
      expect(policy['script-src']).toEqual([
        "'self'",
        // The build's inline first-paint script, by the hash it wrote next to index.html.
        scriptHashSource('boot()'),
        'http://shop.example:3001',
        'http://shop.example:3002',
        'https://vendor.medstore.in',
      ])
      expect(policy['connect-src']).toContain('https://api.medstore.in')
      expect(policy['frame-ancestors']).toEqual(["'none'"])
      expect(headers['x-frame-options']).toBe('DENY')
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(headers['strict-transport-security']).toBeUndefined() // not production
    },
  )

  it("sends a remote's own page a CSP with no other remote, and HSTS in production", async () => {
    const res = await fetch(`${remote.url}/`)
    await res.arrayBuffer()
    const policy = directives(res.headers.get('content-security-policy'))
    expect(policy['script-src']).toEqual(["'self'", scriptHashSource('boot()')])
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })

  it('sends scripts and JSON with no-sniff and no page policy', async () => {
    for (const file of ['/main.0123456789.js', '/config.json']) {
      const res = await fetch(`${shell.url}${file}`)
      await res.arrayBuffer()
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toBeNull()
    }
  })
})

describe("serve-static and the build's mode", () => {
  it("learns a development build's mode from its stamp once the build exists, then keeps it", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'front-end-mode-'))
    const server = await serveStatic({ root: dir, port: 0, spa: true, env: {}, log: () => {} })
    const scriptSources = async () => {
      const res = await fetch(`${server.url}/index.html`)
      await res.arrayBuffer()
      return directives(res.headers.get('content-security-policy'))['script-src']
    }
    try {
      // Started before its build, as npm start may: the first page after the build learns the mode.
      await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>t</title>')
      expect(await scriptSources()).toEqual(["'self'"])
      const stamp = path.join(dir, '.build-stamp.json')
      await writeFile(stamp, JSON.stringify({ startedAt: Date.now(), mode: 'development', files: [] }))
      expect(await scriptSources()).toEqual(["'self'", "'unsafe-eval'"])
      // Read once: the server does not open the stamp again for later pages.
      await rm(stamp)
      expect(await scriptSources()).toEqual(["'self'", "'unsafe-eval'"])
    } finally {
      await server.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
