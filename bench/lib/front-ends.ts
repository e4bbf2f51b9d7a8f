/**
 * The production builds of the front ends served as `npm start` serves them (scripts/serve-static.ts):
 * the three remotes on free ports and the shell with their manifests in its /remotes.json.
 */
import path from 'node:path'
import { type RemoteUrls, remoteApps, shellApp } from '@medstore/mf-config/apps'
import { buildWeb } from '../../scripts/build-web.ts'
import { type StaticServer, serveStatic } from '../../scripts/serve-static.ts'

const quiet = () => {}

export interface FrontEnds {
  shell: StaticServer
  /** The shell first, then the remotes. */
  servers: StaticServer[]
  close: () => Promise<void>
}

export async function serveFrontEnds(
  options: { shellPort?: number; apiUrl?: string } = {},
): Promise<FrontEnds> {
  if (process.env.NODE_ENV === 'development') throw new Error('unset NODE_ENV: benches use production builds')
  await buildWeb({ log: quiet })
  const remotes: StaticServer[] = []
  const table: RemoteUrls = {}
  for (const app of remoteApps) {
    const server = await serveStatic({
      root: path.join(app.dir, 'dist'),
      port: 0,
      spa: true,
      name: app.id,
      log: quiet,
    })
    remotes.push(server)
    table[app.mfName] = `${server.url}/mf-manifest.json`
  }
  const shell = await serveStatic({
    root: path.join(shellApp.dir, 'dist'),
    port: options.shellPort ?? 0,
    spa: true,
    remotes: table,
    apiUrl: options.apiUrl,
    name: 'shell',
    log: quiet,
  })
  const servers = [shell, ...remotes]
  return { shell, servers, close: () => Promise.all(servers.map((server) => server.close())).then(() => {}) }
}
