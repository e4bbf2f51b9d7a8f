/**
 * Several front ends in one rspack run (a MultiCompiler: one process, compiled in parallel). Used by
 * scripts/build-web.ts as `rspack build -c packages/mf-config/src/apps.rspack.config.ts`, with the
 * apps to build in MEDSTORE_WEB_APPS (comma-separated ids; default all). Each entry is exactly the
 * app's own rspack.config.ts.
 *
 * Why the CLI and not the JS API from build-web.ts: under tsx, esbuild's keepNames rewrites the
 * Module Federation plugin's functions, whose source text is emitted into the bundle as runtime code
 * (`__name is not defined` in the browser). The rspack CLI runs in plain Node.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Configuration } from '@rspack/core'
import { webApps } from './apps.ts'

const wanted = process.env.MEDSTORE_WEB_APPS?.split(',').filter(Boolean)
const apps = wanted ? webApps.filter((app) => wanted.includes(app.id)) : webApps

export default async function appsConfig(): Promise<Configuration[]> {
  const configs: Configuration[] = []
  // One after the other: the configs share modules, and jiti does not like concurrent first loads.
  for (const app of apps) {
    const module = (await import(pathToFileURL(path.join(app.dir, 'rspack.config.ts')).href)) as {
      default: Configuration
    }
    configs.push(module.default)
  }
  return configs
}
