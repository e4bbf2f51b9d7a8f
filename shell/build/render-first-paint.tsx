/**
 * Renders the first paint (src/firstPaint/FirstPaint.tsx) to HTML and its CSS, in Node, at build time,
 * in every language (index.html shows the page's: a Hindi reader's first paint is Hindi, never English
 * that then flips); run by ./first-paint.ts as a child process (the rspack CLI cannot load TSX modules
 * itself). Prints `FirstPaintMarkup` as JSON.
 */
import { LANGUAGES, type Language } from '@medstore/contracts/languages'
import { scopeFirstPaintCss } from '@medstore/mf-config/paint'
import { cataloguesReady, useLanguageStore } from '@medstore/ui'
import { renderToStaticMarkup } from 'react-dom/server'
import { ServerStyleSheet } from 'styled-components'
import { FirstPaint, type FirstPaintVariant } from '../src/firstPaint/FirstPaint.tsx'

export interface FirstPaintMarkup {
  /** Every rule both variants use (the global style included), as plain CSS. */
  css: string
  html: Record<Language, Record<FirstPaintVariant, string>>
}

async function render(): Promise<FirstPaintMarkup> {
  const sheet = new ServerStyleSheet()
  try {
    const html = {} as FirstPaintMarkup['html']
    for (const language of LANGUAGES) {
      useLanguageStore.getState().setLanguage(language)
      await cataloguesReady(language)
      html[language] = {
        home: renderToStaticMarkup(sheet.collectStyles(<FirstPaint variant="home" />)),
        page: renderToStaticMarkup(sheet.collectStyles(<FirstPaint variant="page" />)),
      }
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
    return { css: scopeFirstPaintCss([...rules].join('')), html }
  } finally {
    sheet.seal()
  }
}

render().then(
  (markup) => process.stdout.write(JSON.stringify(markup)),
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  },
)
