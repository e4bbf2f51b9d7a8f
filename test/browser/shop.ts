/**
 * The whole shop for a browser test, the way `npm start` wires it but on free ports: the six services
 * in-process against the run's throw-away databases and bus namespace, the real gateway, the three
 * remotes and the shell served from their production builds, the shell's /config.json pointing at this
 * gateway, and the gateway allowing the shell's origins (localhost and 127.0.0.1).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { type RemoteUrls, remoteApps, shellApp } from '@medstore/mf-config/apps'
import type { RemoteName } from '@medstore/remote-contracts'
import { createLogger, loadConfig } from '@medstore/service-kit'
import { createGateway } from '../../gateway/src/app.ts'
import { gatewayEnv } from '../../gateway/src/config.ts'
import { type Running, startServices } from '../../gateway/test/support.ts'
import { type StaticServer, serveStatic } from '../../scripts/serve-static.ts'
import { ensureWebBuilt } from './web-build.ts'

export interface Shop {
  /** The shell as a browser opens it: http://localhost:<port> */
  shellUrl: string
  /** The same shell on 127.0.0.1 (the other address people type). */
  shellUrlByIp: string
  gatewayUrl: string
  services: Map<string, Running>
  remotes: Map<RemoteName, StaticServer>
  /** Stops a remote's server; the returned function serves it again on the same port. */
  stopRemote(name: RemoteName): Promise<() => Promise<void>>
  /**
   * Points the running shell's `/remotes.json` at another manifest URL for a remote (a redeploy to a
   * new address, or a rollback), as `REMOTE_*_URL` does in production; the shell is not restarted.
   */
  moveRemote(name: RemoteName, manifestUrl: string): void
  close(): Promise<void>
}

export interface ShopOptions {
  /** Seed the 72-product demo catalogue (default true: a shop a person would recognise). */
  demoCatalogue?: boolean
  /** Extra gateway configuration (e.g. rate limits). */
  gatewayEnv?: Record<string, string>
  /** Extra settings for every service (e.g. a short JWT_TTL, which identity reads). */
  servicesEnv?: Record<string, string>
}

const quiet = () => {}

function serveRemote(name: RemoteName, port = 0): Promise<StaticServer> {
  const app = remoteApps.find((candidate) => candidate.mfName === name)
  if (!app) throw new Error(`no remote ${name}`)
  return serveStatic({ root: path.join(app.dir, 'dist'), port, spa: app.spa, name: app.id, log: quiet })
}

export async function startShop(options: ShopOptions = {}): Promise<Shop> {
  // The static servers read their files per request, so they listen before the build is done. The
  // gateway's port is taken now (its handler comes once the services run): image URLs and the sandbox
  // payment page live under the gateway as the browser sees it, and payments return to the shell, so
  // the services are told both addresses, as `npm start` tells them. Nothing is picked and released,
  // so a parallel test cannot take a port in between.
  const remotes = new Map<RemoteName, StaticServer>()
  for (const app of remoteApps) remotes.set(app.mfName, await serveRemote(app.mfName))
  const manifest = (name: RemoteName) => `${remotes.get(name)?.url}/mf-manifest.json`
  const table: Required<RemoteUrls> = {
    mfe_store: manifest('mfe_store'),
    mfe_checkout: manifest('mfe_checkout'),
    mfe_vendor: manifest('mfe_vendor'),
  }
  // Read per request, so the gateway's URL can be filled in once it listens.
  const shellEnv: NodeJS.ProcessEnv = {}
  const shell = await serveStatic({
    root: path.join(shellApp.dir, 'dist'),
    port: 0,
    spa: true,
    remotes: table,
    env: shellEnv,
    name: 'shell',
    log: quiet,
  })
  let gatewayApp: http.Server | undefined
  const gateway = http.createServer((req, res) => {
    if (gatewayApp) gatewayApp.emit('request', req, res)
    else res.writeHead(503).end()
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  const gatewayPort = (gateway.address() as AddressInfo).port
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`

  const shopOrigins = `http://localhost:${shell.port},http://127.0.0.1:${shell.port}`
  const [services] = await Promise.all([
    startServices({
      demoCatalogue: options.demoCatalogue ?? true,
      env: {
        ...options.servicesEnv,
        PUBLIC_API_URL: gatewayUrl,
        SHELL_URL: shell.url,
        CORS_ORIGINS: shopOrigins,
      },
    }),
    ensureWebBuilt(),
  ])

  const urls = Object.fromEntries([...services].map(([name, s]) => [`${name.toUpperCase()}_URL`, s.url]))
  const identity = services.get('identity')
  const config = loadConfig(gatewayEnv, {
    ...urls,
    NODE_ENV: 'test',
    GATEWAY_PORT: String(gatewayPort),
    UPSTREAM_TIMEOUT_MS: '10000',
    JWKS_URL: `${identity?.url}/.well-known/jwks.json`,
    CORS_ORIGINS: shopOrigins,
    LOGIN_RATE_LIMIT: '1000',
    SIGNUP_RATE_LIMIT: '1000',
    ...options.gatewayEnv,
  })
  gatewayApp = createGateway(config, createLogger('gateway', 'silent'))
  shellEnv.PUBLIC_API_URL = gatewayUrl

  return {
    shellUrl: `http://localhost:${shell.port}`,
    shellUrlByIp: `http://127.0.0.1:${shell.port}`,
    gatewayUrl,
    services,
    remotes,
    async stopRemote(name) {
      const server = remotes.get(name)
      if (!server) throw new Error(`${name} is not running`)
      const port = server.port
      await server.close()
      remotes.delete(name)
      return async () => {
        remotes.set(name, await serveRemote(name, port))
      }
    },
    moveRemote(name, manifestUrl) {
      table[name] = manifestUrl
    },
    async close() {
      gateway.closeAllConnections()
      await new Promise((resolve) => gateway.close(resolve))
      await Promise.all([shell.close(), ...[...remotes.values()].map((server) => server.close())])
      await Promise.all([...services.values()].map((service) => service.close()))
    },
  }
}
