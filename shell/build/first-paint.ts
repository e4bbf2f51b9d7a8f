/**
 * Puts the first paint into the shell's index.html: the storefront frame and the page's first content
 * (src/firstPaint/FirstPaint.tsx, rendered at build time by ./render-first-paint.tsx) in a <template> per
 * variant and language,
 * its CSS inline in <head>, and the inline script that shows the right one while the HTML parses. FCP no
 * longer waits for the app's JavaScript, the federation runtime, the remote's chunks and the API.
 *
 * The renderer runs in a child Node process (@medstore/mf-config's `runAtBuildTime`).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LANGUAGES } from '@medstore/contracts/languages'
import { rewriteIndexHtml } from '@medstore/mf-config'
import { remoteApps } from '@medstore/mf-config/apps'
import { runAtBuildTime } from '@medstore/mf-config/build-time'
import { FIRST_PAINT_SCOPE } from '@medstore/mf-config/paint'
import type { Compiler } from '@rspack/core'
import { INLINE_SCRIPT_HASHES_FILE, scriptHashSource } from '../../scripts/lib/front-end-csp.ts'
import { firstPaintBootScript, firstPaintTemplateId } from '../src/firstPaint/boot.ts'
import { FIRST_PAINT_ATTRIBUTE } from '../src/firstPaint/marker.ts'
import type { FirstPaintMarkup } from './render-first-paint.tsx'

const here = path.dirname(fileURLToPath(import.meta.url))
const RENDERER = path.join(here, 'render-first-paint.tsx')
/**
 * This module and the files it imports from the repository: they run in the config, outside rspack's
 * module graph, so a change to them (the boot script, say) would neither be watched nor restamp the build.
 */
const CONFIG_TIME_SOURCES = [
  fileURLToPath(import.meta.url),
  fileURLToPath(new URL('../src/firstPaint/boot.ts', import.meta.url)),
  fileURLToPath(new URL('../src/firstPaint/marker.ts', import.meta.url)),
  fileURLToPath(new URL('../../packages/mf-config/src/paint-fill.ts', import.meta.url)),
  fileURLToPath(new URL('../../scripts/lib/front-end-csp.ts', import.meta.url)),
]

/**
 * Renders the first paint in a child process (see the file's comment). `inputs`: every source file the
 * renderer's bundle read (absolute paths), for the build's dependencies.
 */
export function renderFirstPaint(): { markup: FirstPaintMarkup; inputs: string[] } {
  const { output, inputs } = runAtBuildTime(RENDERER)
  return { markup: JSON.parse(output) as FirstPaintMarkup, inputs }
}

/** Paths framed as back-office by default (`/vendor/*` → `/vendor`): no storefront frame painted there. */
const backOfficePrefixes = remoteApps
  .filter((app) => app.frame === 'back-office')
  .flatMap((app) => app.prefixes.map((prefix) => prefix.replace(/\/\*$/, '')))

/**
 * The painted header is a guest's: for a visitor with a stored profile its Sign in link is hidden (not
 * removed: the bar keeps its layout) until React draws the user's own menu.
 */
const SIGNED_IN_CSS = `#root[${FIRST_PAINT_ATTRIBUTE}][${FIRST_PAINT_ATTRIBUTE}-signed-in] a[href^="/login"]{visibility:hidden}`

const ENTRY_SCRIPT = /<script defer(?: fetchpriority="high")? src="([^"]+)"><\/script>/g
const STARTUP_PRELOAD = /<link rel="preload" href="([^"]+\.js)" as="script">/g

/**
 * index.html with the first paint in it, and the app's scripts moved from <head> into the inline script,
 * which adds them once the first paint is on screen. Returns the inline script too (its hash goes into
 * the Content-Security-Policy).
 */
export function withFirstPaint(html: string, markup: FirstPaintMarkup): { html: string; bootScript: string } {
  // The paints' CSS (the shell's and the remotes') is scoped to what the boot script marks #root with.
  if (FIRST_PAINT_SCOPE !== `#root[${FIRST_PAINT_ATTRIBUTE}]`)
    throw new Error(`the first paint's CSS scope ${FIRST_PAINT_SCOPE} is not #root[${FIRST_PAINT_ATTRIBUTE}]`)
  const templates = LANGUAGES.flatMap((language) =>
    (['home', 'page'] as const).map(
      (variant) =>
        `<template id="${firstPaintTemplateId(variant, language)}">${markup.html[language][variant]}</template>`,
    ),
  ).join('')
  if (!/<div id="?root"?><\/div>/.test(html)) throw new Error('index.html has no empty #root to paint into')
  const scripts = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1] as string)
  if (scripts.length === 0) throw new Error('index.html has no entry script')
  const preloads = [...html.matchAll(STARTUP_PRELOAD)].map((match) => match[1] as string)
  const bootScript = firstPaintBootScript({ backOfficePrefixes, scripts, preloads })
  const page = html
    .replace(ENTRY_SCRIPT, '')
    .replace(STARTUP_PRELOAD, '')
    // Replacer functions: the script and the CSS contain `$` sequences a replacement string would expand.
    .replace('</head>', () => `<style id="first-paint-style">${markup.css}${SIGNED_IN_CSS}</style></head>`)
    .replace(/<div id="?root"?><\/div>/, (root) => `${root}${templates}<script>${bootScript}</script>`)
  return { html: page, bootScript }
}

export class FirstPaintPlugin {
  apply(compiler: Compiler): void {
    // Registered after createWebConfig's start-up preloads, so it sees (and moves) them.
    rewriteIndexHtml(compiler, 'FirstPaintPlugin', (page, compilation) => {
      // The renderer and this module run outside rspack: their inputs would not be watched or stamped otherwise.
      const { markup, inputs } = renderFirstPaint()
      for (const file of [...CONFIG_TIME_SOURCES, ...inputs]) compilation.fileDependencies.add(file)
      const { html, bootScript } = withFirstPaint(page, markup)
      // Read by scripts/serve-static.ts and the nginx image (scripts/nginx-documents.ts, at its start).
      compilation.emitAsset(
        INLINE_SCRIPT_HASHES_FILE,
        new compiler.webpack.sources.RawSource(`${scriptHashSource(bootScript)}\n`),
      )
      return html
    })
  }
}
