/**
 * Renders a remote's page paints at build time (in the child process `runAtBuildTime` starts; see
 * `createWebConfig`'s `paints`): each page's own screen, in a router at the page's URL, with the early
 * read answered by stand-in data (./paint.ts slots) through web-client's early-request seam, exactly as
 * the page's first render takes it in the browser. Prints `Record<route, PagePaint>` as JSON.
 */
import type { PagePaint } from '@medstore/remote-contracts'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
// The screens' own router module (react-router-dom): one router context, whatever module form resolves.
import { MemoryRouter } from 'react-router-dom'
import { ServerStyleSheet } from 'styled-components'
import { type CompileOptions, compilePaint, markFlag, type PaintList, scopeFirstPaintCss } from './paint.ts'

export interface PaintDeclaration {
  /** Which of the route's early reads fills it (index into its `EarlyRequest`s). */
  read: number
  /** The page URL drawn (path and query; slots allowed), e.g. `/productDetails?productId=…`. */
  url: string
  /** The read's answer, with slots for every value the page shows. */
  data: unknown
  /** Lists in `data` drawn with stand-in items (see ./paint.ts). */
  lists?: readonly PaintList[]
  /** The page's screen. */
  element: ReactElement
  /**
   * A boolean field of the answer (false in `data`) that decides whether one element is there (the
   * prescription note): the page is drawn with it true too, and that element shows only where it is.
   */
  flag?: string
}

/** The seam's global name (web-client's `EARLY_SEAM`, which this build-time module does not import). */
const EARLY_SEAM = '__medstoreEarly'

/**
 * Renders one page as its first paint, or, with `answer`, as the page draws that answer (tests compare
 * the paint filled with an answer against this).
 */
export function renderPaint(
  declaration: PaintDeclaration,
  formats: CompileOptions['formats'],
  answer?: unknown,
): PagePaint {
  const global = globalThis as Record<string, unknown>
  const sheet = new ServerStyleSheet()
  const draw = (data: unknown) => {
    global[EARLY_SEAM] = { v: 1, doc: () => undefined, take: () => undefined, peek: () => data }
    // React hoists a preload for each high-priority image: index.html preloads the page's picture itself.
    return renderToStaticMarkup(
      sheet.collectStyles(
        <MemoryRouter initialEntries={[declaration.url]}>{declaration.element}</MemoryRouter>,
      ),
    ).replace(/<link [^>]*rel="preload"[^>]*\/?>/g, '')
  }
  try {
    const { flag } = declaration
    const html =
      answer !== undefined
        ? draw(answer)
        : flag
          ? markFlag(draw({ ...(declaration.data as object), [flag]: true }), draw(declaration.data), flag)
          : draw(declaration.data)
    // Plain CSS: no data-styled markers, so the page's styled-components never adopts these rules.
    const css = sheet.instance
      .toString()
      .split('/*!sc*/')
      .map((rule) => rule.trim())
      .filter((rule) => rule && !rule.startsWith('data-styled.'))
      .join('')
    return {
      read: declaration.read,
      html: answer === undefined ? compilePaint(html, { lists: declaration.lists ?? [], formats }) : html,
      css: scopeFirstPaintCss(css),
    }
  } finally {
    sheet.seal()
    delete global[EARLY_SEAM]
  }
}

/** Renders every declared paint and prints them as JSON (run by the remote's build). */
export function printPaints(
  paints: Readonly<Record<string, PaintDeclaration>>,
  formats: CompileOptions['formats'],
): void {
  const out: Record<string, PagePaint> = {}
  for (const [route, declaration] of Object.entries(paints)) out[route] = renderPaint(declaration, formats)
  process.stdout.write(JSON.stringify(out))
}
