/**
 * Small dependency-free static server for the built front ends (shell and the three remotes).
 *
 *   npm run serve -w shell            # from an app: serves <app>/dist on its port (PORT overrides)
 *   tsx scripts/serve-static.ts mfe-store [--port 3001]
 *   import { serveStatic } from './serve-static.ts'   # the start orchestrator and the tests
 *
 * - `Access-Control-Allow-Origin: *` on everything: the shell fetches remote manifests cross-origin
 *   (the federation runtime uses fetch). Every file here is public and no request carries credentials,
 *   so `*` reveals nothing a plain GET would not; naming the shell's origin would break a shop opened
 *   at another address (LAN IP, 127.0.0.1) for no gain.
 * - HTML pages carry a Content-Security-Policy (scripts/lib/front-end-csp.ts: self, the inline scripts
 *   the build lists by hash in csp-script-hashes.txt, the remotes' origins from the runtime remote
 *   table, the API origin; frame-ancestors 'none'), X-Frame-Options
 *   and, in production, HSTS. Every answer carries `X-Content-Type-Options: nosniff` and
 *   `Referrer-Policy: strict-origin-when-cross-origin` (as the images' nginx does).
 * - Caching: content-hashed assets are immutable for a year; index.html, remoteEntry.js, the
 *   manifests, /remotes.json and anything else without a hash are `no-cache` (revalidated by ETag).
 * - SPA fallback: an extension-less path that is not a file gets index.html (client-side routes).
 * - The shell's `/remotes.json` is generated per request (`resolveRemotes` in @medstore/mf-config):
 *   per remote its manifest URL (env var REMOTE_STORE_URL, ... > the `remotes` option >
 *   http://<host the browser used>:<remote's default port>/mf-manifest.json), its path prefixes and frame.
 * - The shell's index.html answers 404 for a path no page owns: not a shell page, not under a remote's
 *   prefix, or under one but not among the routes the remote publishes (`routes.json`).
 * - The shell's `/config.json` (the front ends' runtime config) is generated per request too:
 *   `{ apiUrl }` = PUBLIC_API_URL > the `apiUrl` option > http://<host the browser used>:<GATEWAY_PORT or 8080>.
 * - `GET /health/live` → 200 {status:'ok'}; `GET /health/ready` → 200 once the app is built, else 503.
 * - gzip for text assets when the client accepts it (compressed once, kept in memory per file version).
 */
import { createReadStream, existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { findWebApp, type RemoteUrls } from '@medstore/mf-config/apps'
import type { RemotesTable } from '@medstore/remote-contracts'
import { isKnownPath, remoteOwning } from '../shell/src/routePaths.ts'
import { readStamp } from './build-web.ts'
import { INLINE_SCRIPT_HASHES_FILE, parseScriptHashes } from './lib/front-end-csp.ts'
import { type FrontEndSite, pageCsp, remoteTable, runtimeConfig } from './lib/front-end-documents.ts'
import { invokedDirectly } from './lib/invoked-directly.ts'
import { createRemoteRoutesReader } from './lib/remote-routes.ts'

export interface ServeStaticOptions {
  /** Directory to serve, e.g. `<app>/dist`. */
  root: string
  /** Port to listen on; 0 picks a free one (read it back from the result). */
  port: number
  /** Interface to bind; default all interfaces. */
  host?: string
  /** Serve index.html for extension-less paths that are not files (client-side routing). */
  spa?: boolean
  /**
   * Serve as the shell: the runtime `/remotes.json` and `/config.json`, and index.html with 404 for
   * paths no page owns. Manifest URLs given here override the defaults; the REMOTE_*_URL env vars
   * override both, so an operator can move a remote without a rebuild.
   */
  remotes?: RemoteUrls
  /**
   * The API gateway's URL in the shell's runtime `/config.json` (served alongside `/remotes.json`);
   * PUBLIC_API_URL overrides it.
   */
  apiUrl?: string
  /** Environment for the REMOTE_*_URL and PUBLIC_API_URL overrides (default `process.env`). */
  env?: NodeJS.ProcessEnv
  /** Name used in log lines. */
  name?: string
  /** Where log lines go (default console.log); pass `() => {}` to silence. */
  log?: (line: string) => void
}

export interface StaticServer {
  server: http.Server
  port: number
  /** http://localhost:<port> */
  url: string
  close(): Promise<void>
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.txt', '.svg'])
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
/** rspack output names like `main.6153b99fb0.js` (see packages/mf-config). */
const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i

const gzipCache = new Map<string, { key: string; body: Buffer }>()

function cacheControlFor(filePath: string): string {
  return HASHED_NAME.test(path.basename(filePath)) ? IMMUTABLE : REVALIDATE
}

function baseHeaders(): http.OutgoingHttpHeaders {
  return {
    'access-control-allow-origin': '*',
    'x-content-type-options': 'nosniff',
    // Links out of the shop carry its origin only, never a page's path and query (an order id, a search).
    'referrer-policy': 'strict-origin-when-cross-origin',
  }
}

function sendJson(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
): void {
  const payload = Buffer.from(JSON.stringify(body))
  res.writeHead(status, {
    ...baseHeaders(),
    'content-type': 'application/json; charset=utf-8',
    'content-length': payload.length,
    'cache-control': 'no-store',
    ...headers,
  })
  res.end(req.method === 'HEAD' ? undefined : payload)
}

function hostnameOf(req: http.IncomingMessage): string {
  try {
    return new URL(`http://${req.headers.host ?? 'localhost'}`).hostname || 'localhost'
  } catch {
    return 'localhost'
  }
}

/**
 * Headers for an HTML page, built per request: the remote table and the API address depend on the host
 * the browser used and on env vars an operator may change, and a development build needs 'unsafe-eval'.
 */
function documentHeaders(
  req: http.IncomingMessage,
  options: ServeStaticOptions,
  development: boolean,
  inlineScripts: readonly string[],
): http.OutgoingHttpHeaders {
  const env = options.env ?? process.env
  return {
    'content-security-policy': pageCsp(siteOf(options), hostnameOf(req), { development, inlineScripts }),
    'x-frame-options': 'DENY',
    ...(env.NODE_ENV === 'production'
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  }
}

/** The site the options describe: the shell when it serves the remote table. */
const siteOf = (options: ServeStaticOptions): FrontEndSite => ({
  shell: options.remotes !== undefined,
  ...(options.remotes ? { remotes: options.remotes } : {}),
  ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
  ...(options.env ? { env: options.env } : {}),
})

/** Resolve a URL path inside root; undefined when it escapes root or names a dotfile. */
function resolveInside(root: string, pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean)
  if (
    segments.some((segment) => segment.startsWith('.') || segment.includes('\0') || segment.includes('\\'))
  ) {
    return undefined
  }
  const filePath = path.resolve(root, ...segments)
  if (filePath !== root && !filePath.startsWith(root + path.sep)) return undefined
  return filePath
}

/** The build's inline-script hashes (the shell's first paint), read per page: a rebuild may change them. */
async function readInlineScriptHashes(root: string): Promise<string[]> {
  try {
    return parseScriptHashes(await readFile(path.join(root, INLINE_SCRIPT_HASHES_FILE), 'utf8'))
  } catch {
    return [] // no inline scripts (a remote, or a build from before the first paint)
  }
}

async function fileStat(filePath: string) {
  try {
    const info = await stat(filePath)
    return info.isFile() ? info : undefined
  } catch {
    return undefined
  }
}

async function sendFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  filePath: string,
  info: Awaited<ReturnType<typeof stat>>,
  cacheControl: string,
  status = 200,
  /** The page headers for an HTML file (documentHeaders). */
  pageHeaders: () => Promise<http.OutgoingHttpHeaders> = async () => ({}),
): Promise<void> {
  const ext = path.extname(filePath).toLowerCase()
  const etag = `W/"${info.size.toString(16)}-${Math.floor(Number(info.mtimeMs)).toString(16)}"`
  const headers: http.OutgoingHttpHeaders = {
    ...baseHeaders(),
    ...(ext === '.html' ? await pageHeaders() : {}),
    'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
    'cache-control': cacheControl,
    'last-modified': new Date(Number(info.mtimeMs)).toUTCString(),
    etag,
  }
  if (status === 200 && req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers)
    res.end()
    return
  }
  const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
  if (COMPRESSIBLE.has(ext) && Number(info.size) > 1024) {
    headers.vary = 'Accept-Encoding'
    if (acceptsGzip) {
      let cached = gzipCache.get(filePath)
      if (!cached || cached.key !== etag) {
        cached = { key: etag, body: gzipSync(await readFile(filePath), { level: 9 }) }
        gzipCache.set(filePath, cached)
      }
      res.writeHead(status, { ...headers, 'content-encoding': 'gzip', 'content-length': cached.body.length })
      res.end(req.method === 'HEAD' ? undefined : cached.body)
      return
    }
  }
  res.writeHead(status, { ...headers, 'content-length': Number(info.size) })
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  createReadStream(filePath)
    .on('error', () => res.destroy())
    .pipe(res)
}

export async function serveStatic(options: ServeStaticOptions): Promise<StaticServer> {
  const readRemoteRoutes = createRemoteRoutesReader()
  const remotesTable = (req: http.IncomingMessage): RemotesTable =>
    remoteTable(siteOf(options), hostnameOf(req))
  /** The shell: whether a page owns the path (asking the owning remote for its routes). */
  const shellKnowsPath = async (req: http.IncomingMessage, pathname: string): Promise<boolean> => {
    const table = remotesTable(req)
    const owner = remoteOwning(pathname, table)
    const routes = owner ? await readRemoteRoutes(table[owner].entry) : undefined
    return isKnownPath(pathname, table, (remote) => (remote === owner ? routes : undefined))
  }
  const root = path.resolve(options.root)
  const log = options.log ?? ((line: string) => console.log(line))
  const name = options.name ?? path.basename(path.dirname(root))
  const indexFile = path.join(root, 'index.html')
  // Read once per server: a build's mode does not change under it. Until a build exists (the server may
  // start first) the answer is not kept, so the first page after the build learns it.
  let buildMode: Promise<string | undefined> | undefined
  const isDevelopmentBuild = async (): Promise<boolean> => {
    buildMode ??= readStamp(root).then((stamp) => {
      if (!stamp) buildMode = undefined
      return stamp?.mode
    })
    return (await buildMode) === 'development'
  }

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...baseHeaders(),
        'access-control-allow-methods': 'GET, HEAD, OPTIONS',
        'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? '*'),
        'access-control-max-age': '86400',
      })
      res.end()
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJson(req, res, 405, { message: 'Method not allowed' }, { allow: 'GET, HEAD, OPTIONS' })
      return
    }
    let pathname: string
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
    } catch {
      sendJson(req, res, 400, { message: 'Malformed URL' })
      return
    }

    if (pathname === '/health/live') {
      sendJson(req, res, 200, { status: 'ok' })
      return
    }
    if (pathname === '/health/ready') {
      const built = existsSync(indexFile)
      sendJson(
        req,
        res,
        built ? 200 : 503,
        built ? { status: 'ok' } : { status: 'unavailable', message: 'not built' },
      )
      return
    }
    if (pathname === '/remotes.json' && options.remotes) {
      sendJson(req, res, 200, remotesTable(req), { 'cache-control': REVALIDATE })
      return
    }

    if (pathname === '/config.json' && options.remotes) {
      sendJson(req, res, 200, runtimeConfig(siteOf(options), hostnameOf(req)), {
        'cache-control': REVALIDATE,
      })
      return
    }

    const filePath = resolveInside(root, pathname === '/' ? '/index.html' : pathname)
    if (!filePath) {
      sendJson(req, res, 404, { message: 'Not found' })
      return
    }
    const pageHeaders = async () =>
      documentHeaders(req, options, await isDevelopmentBuild(), await readInlineScriptHashes(root))
    const info = await fileStat(filePath)
    if (info) {
      await sendFile(req, res, filePath, info, cacheControlFor(filePath), 200, pageHeaders)
      return
    }
    // Client-side route (no file extension): the SPA's index.html, never cached; 404 when no route
    // owns the path (the app then shows its not-found page).
    if (options.spa && path.extname(pathname) === '') {
      const index = await fileStat(indexFile)
      if (index) {
        const known = options.remotes ? await shellKnowsPath(req, pathname) : true
        const status = known ? 200 : 404
        await sendFile(req, res, indexFile, index, REVALIDATE, status, pageHeaders)
        return
      }
    }
    sendJson(req, res, 404, { message: 'Not found' })
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(
        `[${name}] ${req.method} ${req.url} failed: ${error instanceof Error ? error.message : String(error)}`,
      )
      if (!res.headersSent) sendJson(req, res, 500, { message: 'Internal server error' })
      else res.destroy()
    })
  })
  // Keep-alive sockets must not hold `close()` open for long.
  server.keepAliveTimeout = 5_000

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`[${name}] port ${options.port} is already in use (set PORT to another port)`, {
              cause: error,
            })
          : error,
      )
    }
    server.once('error', onError)
    server.listen(options.port, options.host, () => {
      server.off('error', onError)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const url = `http://localhost:${port}`
  log(`[${name}] serving ${root} on ${url}${options.remotes ? ' (with /remotes.json and /config.json)' : ''}`)

  return {
    server,
    port,
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

/** CLI: `tsx scripts/serve-static.ts [app] [--port N]`; app defaults to the current directory's name. */
async function main(argv: string[]): Promise<void> {
  const args = [...argv]
  let port: number | undefined
  const portFlag = args.indexOf('--port')
  if (portFlag !== -1) {
    port = Number(args[portFlag + 1])
    args.splice(portFlag, 2)
  }
  const target = args[0] ?? process.cwd()
  const app = findWebApp(path.basename(path.resolve(target)))
  if (!app) {
    console.error(`serve-static: "${target}" is not a web app (shell, mfe-store, mfe-checkout, mfe-vendor)`)
    process.exit(2)
  }
  port ??= process.env.PORT ? Number(process.env.PORT) : app.port
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve-static: invalid port "${port}"`)
    process.exit(2)
  }
  const root = path.join(app.dir, 'dist')
  if (!existsSync(path.join(root, 'index.html'))) {
    console.warn(
      `[${app.id}] ${root} is not built yet; run \`npm run build -w ${app.id}\` (or npm run build:web)`,
    )
  }
  const served = await serveStatic({
    root,
    port,
    spa: app.spa,
    name: app.id,
    ...(app.id === 'shell' ? { remotes: {} } : {}),
  })
  const stop = () => {
    served.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

if (invokedDirectly(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
