/**
 * Renders the first paint (src/firstPaint/FirstPaint.tsx) to HTML and its CSS, in Node, at build time;
 * run by ./first-paint.ts as a child process (the rspack CLI cannot load TSX modules itself). Prints
 * `FirstPaintMarkup` as JSON.
 */
import { scopeFirstPaintCss } from '@medstore/mf-config/paint'
import { renderToStaticMarkup } from 'react-dom/server'
import { ServerStyleSheet } from 'styled-components'
import { FirstPaint, type FirstPaintVariant } from '../src/firstPaint/FirstPaint.tsx'

export interface FirstPaintMarkup {
  /** Every rule both variants use (the global style included), as plain CSS. */
  css: string
  html: Record<FirstPaintVariant, string>
}

const sheet = new ServerStyleSheet()
try {
  const html: Record<FirstPaintVariant, string> = {
    home: renderToStaticMarkup(sheet.collectStyles(<FirstPaint variant="home" />)),
    page: renderToStaticMarkup(sheet.collectStyles(<FirstPaint variant="page" />)),
  }
  // Plain CSS in a plain <style>: no data-styled marker, so the page's styled-components never tries to
  // adopt rules whose ids came from this process's registry.
  // Each render added its own copy of the global style: each rule once.
  const rules = new Set(
    sheet.instance
      .toString()
      .split('/*!sc*/')
      .map((rule) => rule.trim())
      .filter((rule) => rule && !rule.startsWith('data-styled.')),
  )
  const css = scopeFirstPaintCss([...rules].join(''))
  const markup: FirstPaintMarkup = { css, html }
  process.stdout.write(JSON.stringify(markup))
} finally {
  sheet.seal()
}
