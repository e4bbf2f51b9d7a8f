/**
 * One rspack + Module Federation config for the shell and every remote, so the four configs cannot
 * drift apart. Each app's `rspack.config.ts` is a two-liner calling `createWebConfig`.
 *
 * Verified recipe (see the feasibility notes): builtin:swc-loader with the automatic React runtime, an
 * absolute output.path, `import('./bootstrap')` entries, `manifest: true`, `dts: false`, shared
 * singletons with requiredVersion taken from the app's package.json, and `loaded-first` sharing.
 */
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { EarlyRequest, PagePaint, RemoteRoutesManifest } from '@medstore/remote-contracts'
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack'
import {
  type Compilation,
  type Compiler,
  type Configuration,
  HtmlRspackPlugin,
  type RuleSetRule,
} from '@rspack/core'
import { type AccountMenuDeclaration, accountMenuEntries, readCatalogues } from './account-menu.ts'
import { findWebApp, repoRoot, type WebApp } from './apps.ts'
import { runAtBuildTime } from './build-time.ts'

export type { AccountMenuDeclaration } from './account-menu.ts'
export * from './apps.ts'

/** Shared as singletons; the key is the import request, the value the package whose version is required. */
const SHARED_PACKAGES: Record<string, string> = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  'react-router-dom': 'react-router-dom',
  zustand: 'zustand',
  'styled-components': 'styled-components',
  // Workspace packages: one API client, one set of stores, one theme for the whole page.
  '@medstore/web-client': '@medstore/web-client',
  '@medstore/ui': '@medstore/ui',
  // The kit's components for later screens: a chunk of their own, out of the first render (packages/ui/src/later.ts).
  '@medstore/ui/later': '@medstore/ui',
  // Every route's method and path (plain data): the shell, the API client and the store's home each
  // imported it, three copies in the first render of `/`.
  '@medstore/contracts/endpoints': '@medstore/contracts',
}

/**
 * A shared module cannot be tree-shaken (a remote may use any export), and react-router-dom 7 as a
 * whole is ~62 KB gzip, most of it data routers, SSR and RSC code we never run. So what the share scope
 * provides under the key `react-router-dom` is `./shared/react-router-dom.ts`: the exports the front
 * ends use, re-exported from react-router (which react-router-dom 7 itself re-exports), ~14 KB gzip.
 * Still one router for the page, at the installed version. shell/test/router-surface.test.ts fails when
 * a front end imports a name that is not in that file.
 */
const PROVIDED_BY_FILE: Record<string, string> = {
  'react-router-dom': fileURLToPath(new URL('./shared/react-router-dom.ts', import.meta.url)),
}

interface PackageJson {
  name?: string
  version?: string
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson
}

/** The version of a package as installed (resolved from the app's directory). */
function installedVersion(appDir: string, packageName: string): string {
  const require = createRequire(path.join(appDir, 'package.json'))
  const version = readPackageJson(path.dirname(require.resolve(`${packageName}/package.json`))).version
  if (!version) throw new Error(`${packageName} has no version in its package.json`)
  return version
}

interface SharedConfig {
  singleton: true
  requiredVersion: string
  version?: string
  import?: string
}

/** `shared` for ModuleFederationPlugin: every package above, singleton, requiredVersion from package.json. */
export function sharedSingletons(appDir: string): Record<string, SharedConfig> {
  const pkg = readPackageJson(appDir)
  const shared: Record<string, SharedConfig> = {}
  for (const [request, packageName] of Object.entries(SHARED_PACKAGES)) {
    const requiredVersion = pkg.dependencies?.[packageName]
    if (!requiredVersion) {
      throw new Error(`${appDir}/package.json must list "${packageName}" in dependencies (shared singleton)`)
    }
    const file = PROVIDED_BY_FILE[request]
    shared[request] = file
      ? { singleton: true, requiredVersion, import: file, version: installedVersion(appDir, packageName) }
      : { singleton: true, requiredVersion }
  }
  return shared
}

export interface WebConfigOptions {
  /** The app's directory (use `import.meta.dirname`-equivalent of the rspack.config file). */
  appDir: string
  /** Modules this app exposes, e.g. `{ './routes': './src/routes.tsx' }`. */
  exposes?: Record<string, string>
  /** Defaults to production unless NODE_ENV=development. */
  mode?: 'production' | 'development'
  /** <title> of the generated index.html. */
  title?: string
  /**
   * A remote's route patterns (its `src/pages.ts`, through `pageOptions`), published as `routes.json` next to its
   * manifest: the shell's server reads it to answer 404 for a path below the remote's prefixes that
   * the remote does not own, without the shell being rebuilt when a remote adds a route.
   */
  routes?: readonly string[]
  /**
   * Per route, the API reads its page starts with (`EarlyRequest`), published in `routes.json` too: the
   * shell's index.html starts them before any script arrives.
   */
  earlyRequests?: Readonly<Partial<Record<string, readonly EarlyRequest[]>>>
  /**
   * Per route, the screen its element loads on demand: the request exactly as the routes module writes
   * its `import(...)` (e.g. `'./screens/Products.tsx'`). Its chunks are published in `routes.json`
   * (`code`) for the shell's index.html to preload; a request no `import()` makes fails the build.
   */
  screens?: Readonly<Partial<Record<string, string>>>
  /**
   * A module (relative to `appDir`) exporting `paints` (route → `PaintDeclaration`) and `paintFormats`:
   * the pages index.html paints from their early read before any script arrives. Rendered at build time
   * (./paint-render.tsx) and published in `routes.json` (`paint`).
   */
  paints?: string
  /**
   * Per route, its entry in the storefront's account menu: published in `routes.json` (`account`) with its
   * text from the remote's catalogues (./account-menu.ts).
   */
  accountMenu?: Readonly<Partial<Record<string, AccountMenuDeclaration>>>
}

/**
 * One page of a remote as its `src/pages.ts` describes it, once: the build publishes its path, early reads
 * and screen chunk in `routes.json` (see `pageOptions`); the routes module gives each path its element.
 */
export interface PageRecord {
  /** The screen its element loads on demand, written exactly as the routes module's `import(...)`. */
  screen?: string
  /** The API reads the page starts with (`EarlyRequest`): only where its largest element needs the data. */
  early?: readonly EarlyRequest[]
  /** Its link in the storefront's account menu (the signed-in user's menu): text by message key, and order. */
  account?: AccountMenuDeclaration
}

/** createWebConfig's `routes`, `earlyRequests`, `screens` and `accountMenu`, from a remote's page records. */
export function pageOptions(
  pages: Readonly<Record<string, PageRecord>>,
): Required<Pick<WebConfigOptions, 'routes' | 'earlyRequests' | 'screens' | 'accountMenu'>> {
  const entries = Object.entries(pages)
  return {
    routes: entries.map(([route]) => route),
    earlyRequests: Object.fromEntries(
      entries.flatMap(([route, page]) => (page.early ? [[route, page.early]] : [])),
    ),
    screens: Object.fromEntries(
      entries.flatMap(([route, page]) => (page.screen ? [[route, page.screen]] : [])),
    ),
    accountMenu: Object.fromEntries(
      entries.flatMap(([route, page]) => (page.account ? [[route, page.account]] : [])),
    ),
  }
}

/** The file a remote's build publishes its route patterns in (`RemoteRoutesManifest`). */
export const ROUTES_FILE = 'routes.json'

/** Emits `routes.json` (`{ routes: [...], early: {...}, code: {...} }`) into a remote's output. */
class RoutesManifestPlugin {
  constructor(
    private readonly routes: readonly string[],
    private readonly early: Readonly<Partial<Record<string, readonly EarlyRequest[]>>> = {},
    private readonly screens: Readonly<Partial<Record<string, string>>> = {},
    private readonly paints?: { module: string; appDir: string },
    private readonly account?: {
      declared: Readonly<Partial<Record<string, AccountMenuDeclaration>>>
      appDir: string
    },
  ) {}

  /** The account menu's entries, their text from the remote's catalogues (which become dependencies). */
  private accountMenu(compilation: Compilation) {
    if (!this.account || Object.keys(this.account.declared).length === 0) return undefined
    const { catalogues, files } = readCatalogues(this.account.appDir)
    for (const file of files) compilation.fileDependencies.add(file)
    return accountMenuEntries(this.account.declared, catalogues)
  }

  /** The page paints, rendered in a child process; their sources become the build's dependencies. */
  private renderPaints(compilation: Compilation): Record<string, PagePaint> | undefined {
    if (!this.paints) return undefined
    const module = path.resolve(this.paints.appDir, this.paints.module)
    const { output, inputs } = runAtBuildTime({
      contents: [
        `import { paints, paintFormats } from ${JSON.stringify(module)}`,
        `import { printPaints } from '@medstore/mf-config/paint-render'`,
        `import { cataloguesReady, useLanguageStore } from '@medstore/ui'`,
        // In English: index.html shows a remote's page paint only to an English page (shell/src/firstPaint/boot.ts).
        `useLanguageStore.getState().setLanguage('en')`,
        `cataloguesReady('en').then(() => printPaints(paints, paintFormats))`,
      ].join('\n'),
      resolveDir: this.paints.appDir,
    })
    for (const file of inputs) compilation.fileDependencies.add(file)
    const paint = JSON.parse(output) as Record<string, PagePaint>
    for (const [route, { read }] of Object.entries(paint)) {
      if (!this.early[route]?.[read]) throw new Error(`paints: ${route} has no early read ${read}`)
    }
    return paint
  }

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('RoutesManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RoutesManifestPlugin' }, () => {
        const early: Record<string, EarlyRequest[]> = {}
        for (const [route, reads] of Object.entries(this.early)) if (reads?.length) early[route] = [...reads]
        const code: Record<string, string[]> = {}
        for (const [route, request] of Object.entries(this.screens)) {
          if (!request) continue
          const files = new Set<string>()
          for (const group of compilation.chunkGroups) {
            if (!group.origins.some((origin) => origin.request === request)) continue
            for (const file of group.getFiles()) if (file.endsWith('.js')) files.add(file)
          }
          if (files.size === 0) {
            compilation.errors.push(
              new compiler.webpack.WebpackError(`screens: no import('${request}') for ${route} in the build`),
            )
          }
          code[route] = [...files].sort()
        }
        const paint = this.renderPaints(compilation)
        const account = this.accountMenu(compilation)
        const manifest: RemoteRoutesManifest = {
          routes: [...this.routes],
          early,
          code,
          ...(paint ? { paint } : {}),
          ...(account ? { account } : {}),
        }
        compilation.emitAsset(ROUTES_FILE, new compiler.webpack.sources.RawSource(JSON.stringify(manifest)))
      })
    })
  }
}

/**
 * Rewrites the built index.html once the assets are final (the report stage, after HtmlRspackPlugin), in
 * the order the plugins were registered: the start-up preloads here, then the shell's first paint
 * (shell/build/first-paint.ts). `rewrite` may emit assets of its own through the compilation.
 */
export function rewriteIndexHtml(
  compiler: Compiler,
  name: string,
  rewrite: (html: string, compilation: Compilation) => string,
): void {
  compiler.hooks.thisCompilation.tap(name, (compilation) => {
    compilation.hooks.processAssets.tap(
      { name, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
      () => {
        const asset = compilation.getAsset('index.html')
        if (!asset) return
        const html = rewrite(asset.source.source().toString(), compilation)
        compilation.updateAsset('index.html', new compiler.webpack.sources.RawSource(html))
      },
    )
  })
}

/**
 * The shell's start-up chunks as `<link rel="preload">` in its index.html. Its entry only holds the
 * federation runtime; the app (`import('./bootstrap')`) and the shared packages it provides (react,
 * react-dom, ...) are async chunks the runtime asks for once main.js has run, so on a phone they began
 * downloading ~0.4 s late, one after the other. Listed in the HTML, they download alongside main.js. Only
 * those two kinds of chunk group: lazy pages (sign-in, policies, back-office) stay lazy.
 */
class StartupPreloadPlugin {
  apply(compiler: Compiler): void {
    rewriteIndexHtml(compiler, 'StartupPreloadPlugin', (html, compilation) => {
      const files = new Set<string>()
      for (const group of compilation.chunkGroups) {
        if (group.isInitial() || !group.origins.some(isStartupOrigin)) continue
        for (const file of group.getFiles()) if (file.endsWith('.js')) files.add(file)
      }
      const links = [...files]
        .sort()
        .map((file) => `<link rel="preload" href="/${file}" as="script">`)
        .join('')
      return (
        html
          // A deferred script is fetched at low priority, after every preload: main.js came last.
          .replace('<script defer src=', '<script defer fetchpriority="high" src=')
          .replace('</head>', `${links}</head>`)
      )
    })
  }
}

/** The entry's `import('./bootstrap')`, or a shared package the shell provides. */
function isStartupOrigin(origin: { request?: string; module?: { identifier(): string } }): boolean {
  return origin.request === './bootstrap' || /^provide shared module /.test(origin.module?.identifier() ?? '')
}

/** Written to `<app>/dist/` after every successful build; read by scripts/build-web.ts. */
export const BUILD_STAMP = '.build-stamp.json'
/** A production build's source maps, beside the app's dist/ and never inside it (served files only). */
export const SOURCE_MAPS_DIR = 'source-maps'

export interface BuildStamp {
  /** When the compilation started (ms since epoch): an input newer than this means rebuild. */
  startedAt: number
  mode: string
  /** Every source file the compilation read, outside node_modules, relative to the repo root. */
  files: string[]
}

/**
 * Records what a successful build read, so `buildWeb()` can skip an app whose inputs did not change
 * (exact: it is rspack's own file-dependency list, not a guess about directories).
 */
class BuildStampPlugin {
  constructor(private readonly mode: string) {}

  apply(compiler: Compiler): void {
    let startedAt = Date.now()
    const start = () => {
      startedAt = Date.now()
    }
    compiler.hooks.run.tap('BuildStampPlugin', start)
    compiler.hooks.watchRun.tap('BuildStampPlugin', start)
    compiler.hooks.done.tapPromise('BuildStampPlugin', async (stats) => {
      if (stats.hasErrors()) return
      const outputPath = compiler.options.output.path
      if (!outputPath) return
      const files = [...stats.compilation.fileDependencies]
        .filter((file) => path.isAbsolute(file) && !file.split(path.sep).includes('node_modules'))
        .map((file) => path.relative(repoRoot, file))
        .sort()
      const stamp: BuildStamp = { startedAt, mode: this.mode, files }
      await writeFile(path.join(outputPath, BUILD_STAMP), `${JSON.stringify(stamp, null, 1)}\n`)
    })
  }
}

/**
 * The federation runtime's packages as ES modules. The rspack plugins import them by `require.resolve`d
 * paths, which are their CommonJS builds: nothing in those can be tree-shaken, so each page carried the
 * whole SDK (manifest, logger, Node script loading) and the shell carried both builds of some modules
 * (its own `@module-federation/enhanced/runtime` import resolves to the ES build). Pointing the CommonJS
 * paths at the ES files beside them keeps one copy of each module and lets unused exports go: -5.7 KB
 * gzip for a remote's remoteEntry.js, -5.7 KB for the shell's main.js (README, "Performance").
 */
const FEDERATION_RUNTIME_PACKAGES = [
  '@module-federation/webpack-bundler-runtime',
  '@module-federation/runtime',
  '@module-federation/inject-external-runtime-core-plugin',
]

function esFederationRuntime(appDir: string): Record<string, string> {
  const require = createRequire(path.join(appDir, 'package.json'))
  const alias: Record<string, string> = {}
  for (const name of FEDERATION_RUNTIME_PACKAGES) {
    const commonJs = require.resolve(name)
    if (!commonJs.endsWith('.cjs')) throw new Error(`${name} resolved to ${commonJs}, not a .cjs build`)
    alias[commonJs] = commonJs.replace(/\.cjs$/, '.js')
  }
  return alias
}

export function createWebConfig(options: WebConfigOptions): Configuration {
  const appDir = path.resolve(options.appDir)
  const app: WebApp | undefined = findWebApp(path.basename(appDir))
  if (!app) throw new Error(`createWebConfig: ${appDir} is not one of the web apps in @medstore/mf-config`)
  const mode = options.mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production')
  const production = mode === 'production'
  const isShell = app.id === 'shell'
  // First-render budget: in production a remote does not bundle its own copy of the federation
  // runtime core (~18 KB gzip each); it uses the one the shell provides. The price: a production
  // remote only runs inside the shell, so its own index.html is an info page, and the standalone
  // preview (src/bootstrap.tsx) is a development-mode feature.
  const externalRuntime = production && !isShell

  const tsRule: RuleSetRule = {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
      },
    },
    type: 'javascript/auto',
  }
  // Message catalogues, compiled to FormatJS's AST (./catalogue-loader.mjs, packages/ui/src/i18n).
  const catalogueRule: RuleSetRule = {
    test: /[\\/]src[\\/](?:.+[\\/])?locales[\\/][a-z]{2}\.json$/,
    loader: fileURLToPath(new URL('./catalogue-loader.mjs', import.meta.url)),
    type: 'javascript/auto',
  }

  return {
    name: app.id,
    mode,
    context: appDir,
    target: ['web', 'es2022'],
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(appDir, 'dist'),
      // The shell's index.html is served for deep links (/shopDetails/x), so its assets must be
      // root-relative. A remote's chunks are loaded from wherever its remoteEntry.js came from.
      publicPath: isShell ? '/' : 'auto',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      sourceMapFilename: `../${SOURCE_MAPS_DIR}/[file].map`,
      uniqueName: app.mfName,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // Catalogues arrive compiled, so intl-messageformat never parses: leave the parser out.
      alias: {
        '@formatjs/icu-messageformat-parser$': '@formatjs/icu-messageformat-parser/no-parser.js',
        ...esFederationRuntime(appDir),
      },
    },
    module: { rules: [tsRule, catalogueRule] },
    // Production: the maps are written beside dist/, in source-maps/ (for an error tracker, or a developer),
    // and the shipped JS does not name them: nothing serves them to the public (issue 36).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    performance: false,
    plugins: [
      new HtmlRspackPlugin({
        publicPath: '/',
        templateContent: externalRuntime
          ? remoteInfoHtml(app)
          : indexHtml(options.title ?? 'Medicine Store', isShell),
        inject: !externalRuntime,
        minify: production,
      }),
      new BuildStampPlugin(mode),
      ...(isShell && production ? [new StartupPreloadPlugin()] : []),
      ...(options.routes
        ? [
            new RoutesManifestPlugin(
              options.routes,
              options.earlyRequests,
              options.screens,
              options.paints ? { module: options.paints, appDir: options.appDir } : undefined,
              options.accountMenu ? { declared: options.accountMenu, appDir: options.appDir } : undefined,
            ),
          ]
        : []),
      new ModuleFederationPlugin({
        name: app.mfName,
        filename: 'remoteEntry.js',
        exposes: options.exposes ?? {},
        // The shell registers its remotes at runtime from /remotes.json; nothing is baked in.
        remotes: {},
        shared: sharedSingletons(appDir),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        experiments: {
          ...(isShell ? { provideExternalRuntime: true } : { externalRuntime }),
          // A remote consumes no other remote: its runtime leaves out remote loading.
          optimization: { target: 'web', disableRemote: !isShell },
        },
      }),
    ],
  }
}

/**
 * The shell's two runtime documents (scripts/serve-static.ts, docker/nginx/shell.conf.template), fetched
 * from the HTML so they are in before the script that reads them has even downloaded. `crossorigin` is
 * what makes a preload match a same-origin `fetch()` (CORS mode, same-origin credentials).
 */
const shellPreloads = `
    <link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous" />
    <link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />`

const indexHtml = (title: string, isShell: boolean) => `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Medicine Store: your medication, delivered. Online pharmacy and ayurvedic medicine shop in India." />
    <link rel="icon" href="data:," />
    <title>${title}</title>${isShell ? shellPreloads : ''}
  </head>
  <body>
    <noscript>Medicine Store needs JavaScript to run.</noscript>
    <div id="root"></div>
  </body>
</html>
`

const remoteInfoHtml = (app: WebApp) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>Medicine Store · ${app.id}</title>
  </head>
  <body>
    <h1>Medicine Store · ${app.id}</h1>
    <p>This is a Module Federation remote (<code>${app.mfName}</code>). Its screens are shown by the shop
      (the shell, http://localhost:3000 by default), which loads <a href="mf-manifest.json">mf-manifest.json</a>
      at runtime.</p>
    <p>For a standalone preview of this remote, build it in development mode:
      <code>NODE_ENV=development npm run build -w ${app.id}</code>.</p>
  </body>
</html>
`
