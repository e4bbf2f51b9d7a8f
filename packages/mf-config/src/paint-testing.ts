/**
 * For a remote's tests of its page paints: the paint filled with an answer the way the shell's index.html
 * fills it (PAGE_PAINT_FILL, in a happy-dom document), and the page as its screen draws the same answer,
 * both as markup in one serialisation, with what the paint keeps unseen (PAINT_HIDDEN) emptied on both
 * sides (its text and every attribute but its class and style). A remote's paint is right when the two are equal.
 */
import { Window } from 'happy-dom'
import type { CompileOptions } from './paint.ts'
import { PAGE_PAINT_FILL } from './paint-fill.ts'
import { type PaintDeclaration, renderPaint } from './paint-render.tsx'

const document = new Window().document as unknown as Document

/** The shell's fill, as index.html defines it. */
export const paintFill = new Function(`${PAGE_PAINT_FILL};return paintFill`)() as (
  fragment: DocumentFragment,
  data: unknown,
) => boolean

/** The paint's template as a document fragment (not filled). */
export function paintTemplate(html: string): DocumentFragment {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.content
}

/** The paint filled with `answer`, as markup; throws when the fill refuses the answer. */
export function filledPaint(html: string, answer: unknown): string {
  const fragment = paintTemplate(html)
  if (!paintFill(fragment, answer)) throw new Error('the fill refused the answer')
  const box = document.createElement('div')
  box.append(fragment)
  return withoutHidden(box.innerHTML)
}

/** The page as its screen draws `answer`. */
export function drawnPage(
  declaration: PaintDeclaration,
  formats: CompileOptions['formats'],
  answer: unknown,
): string {
  return withoutHidden(renderPaint(declaration, formats, answer).html)
}

function withoutHidden(html: string): string {
  const box = document.createElement('div')
  box.innerHTML = html
  for (const element of box.querySelectorAll('[data-paint-hidden], [style*="visibility:hidden"]')) {
    // Only what places it stays: its state (disabled, a title, a source) is what the paint cannot say.
    for (const { name } of [...element.attributes])
      if (name !== 'class' && name !== 'style') element.removeAttribute(name)
    const style = (element.getAttribute('style') ?? '').replace(/visibility:hidden;?/, '')
    if (style) element.setAttribute('style', style)
    else element.removeAttribute('style')
    element.textContent = ''
  }
  return box.innerHTML
}
