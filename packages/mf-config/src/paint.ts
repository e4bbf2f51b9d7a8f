/**
 * A remote's first paint of a data page, the build side. The remote renders the page's own screen at
 * build time with stand-in data whose values are slots (`textSlot`, `numberSlot`), and `compilePaint`
 * turns that HTML into a template the shell's index.html fills from the page's early read
 * (`PAGE_PAINT_FILL`, ./paint-fill.ts) before any of the app's code has arrived. The same components
 * drew it, so React's first render replaces it with the same page.
 *
 * A slot in the template is `\uE000path|format\uE001` (private-use characters: nothing a page shows),
 * in text or in an attribute; `path` is dotted into the read's JSON answer. A list is drawn with two
 * stand-in items (`path.0.*`, `path.1.*`): the element holding the first becomes the item template
 * (`data-paint-each`), the second is dropped.
 */
import type { PageFillFormat } from './paint-fill.ts'

export const SLOT_OPEN = '\uE000'
export const SLOT_CLOSE = '\uE001'

/** A string slot, optionally shown through a format (e.g. `words:10`, see `PageFillFormat`). */
export function textSlot(path: string, format?: PageFillFormat): string {
  return `${SLOT_OPEN}${path}${format ? `|${format}` : ''}${SLOT_CLOSE}`
}

/**
 * Numbers cannot carry a marker: each number slot is a distinct large whole number, which the compiler
 * finds again as the page formatted it (`formats`). Large, so no screen's logic takes it for a small or
 * zero amount (a stock of 9,87,65,43,001 is "in stock").
 */
const numberSlots = new Map<number, string>()
export function numberSlot(path: string): number {
  const value = 9_876_543_001 + numberSlots.size
  numberSlots.set(value, path)
  return value
}

/**
 * A list drawn with two stand-in items, or with `split + 1` when items from `split` on differ. With
 * `flag` (a boolean field of the items), each template's stand-in has it true and the one after it false:
 * the element only the first draws (a prescription mark) is shown where the item's flag is true.
 */
export type PaintList = string | { path: string; split?: number; flag?: string }

export interface CompileOptions {
  /** The lists in the stand-in data (see `markList`). */
  lists?: readonly PaintList[]
  /** How the page writes numbers, by the format name the fill knows them by (e.g. `rupees`). */
  formats?: Readonly<Partial<Record<PageFillFormat, (value: number) => string>>>
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Compiles a stand-in render (see the module's comment) into the template the fill expects. */
export function compilePaint(html: string, { lists = [], formats = {} }: CompileOptions = {}): string {
  // Slots that went through encodeURIComponent (a link's query string) are filled encoded too.
  let out = html.replace(/%EE%80%80([^%]*?)%EE%80%81/g, (_, path: string) =>
    textSlot(decodeURIComponent(path), 'uri'),
  )
  // Longest first: one number's text never contains another's (they share their leading digits).
  const numbers = [...numberSlots].sort(([a], [b]) => b - a)
  for (const [name, format] of Object.entries(formats) as [PageFillFormat, (value: number) => string][]) {
    for (const [value, path] of numbers) out = out.split(format(value)).join(textSlot(path, name))
  }
  for (const [value, path] of numbers) out = out.split(String(value)).join(textSlot(path))
  for (const list of lists) out = markList(out, list)
  // Stand-in numbers have ten digits, and so has anything computed from them (a line total, a sum): the
  // paint would show it as it is. Such an element must be PAINT_HIDDEN, or its number a slot in a format.
  const stray = shown(out)
    .replace(/\uE000[^\uE001]*\uE001/g, '')
    .match(/\d(?:[,.]?\d){9,}/)
  if (stray) throw new Error(`the paint shows a number computed from its stand-ins: ${stray[0]}`)
  out = out
    .replace(/<[a-zA-Z][\w-]*[^>]*\sdata-paint-hidden=""[^>]*>/g, hide)
    // What is left of them is inside hidden elements: a short number keeps their room nearer the real one.
    .replace(/\d(?:[,.]?\d){9,}/g, '0')
  return out
}

/**
 * The first item's element gets `data-paint-each="list"` and its slots become `list.*.`; the other
 * stand-in items' elements are removed. With `split`, the item at that index is kept too, as the template
 * of the items from there on (`data-paint-from`; the first one's range ends there, `data-paint-until`):
 * the storefront loads the first row's pictures at once and the rest lazily. Works on the markup as text
 * (React's static markup is well formed): the first item is the innermost element around its first slot
 * whose next sibling holds the second item's.
 */
function markList(html: string, spec: PaintList): string {
  const { path: list, split, flag } = typeof spec === 'string' ? { path: spec } : spec
  const slotOf = (index: number) => html.indexOf(`${SLOT_OPEN}${list}.${index}.`)
  const first = slotOf(0)
  const second = slotOf(1)
  const count = (split ?? 1) + (flag && split !== undefined ? 2 : 1)
  if (first < 0 || second < 0 || slotOf(count - 1) < 0)
    throw new Error(`the paint's list ${list} needs ${count} stand-in items`)
  const opens = [...html.slice(0, first).matchAll(/<[a-zA-Z][\w-]*/g)].map((match) => match.index ?? 0)
  for (const open of opens.reverse()) {
    const close = elementEnd(html, open)
    if (close <= first) continue // a closed element before the slot, not around it
    if (close > second || !/^<[a-zA-Z]/.test(html.slice(close))) continue
    if (elementEnd(html, close) <= second) continue
    // The items' elements, one after the other from `open`.
    const bounds: [number, number][] = [[open, close]]
    while (bounds.length < count) {
      const start = (bounds.at(-1) as [number, number])[1]
      if (!/^<[a-zA-Z]/.test(html.slice(start)))
        throw new Error(`the paint's list ${list}: items are not siblings`)
      bounds.push([start, elementEnd(html, start)])
    }
    const item = (index: number) =>
      html
        .slice(...(bounds[index] as [number, number]))
        .split(`${SLOT_OPEN}${list}.${index}.`)
        .join(`${SLOT_OPEN}${list}.*.`)
    const template = (index: number, range: string) =>
      (flag ? markFlag(item(index), item(index + 1), `${list}.*.${flag}`) : item(index)).replace(
        /^<[a-zA-Z][\w-]*/,
        (tag) => `${tag} data-paint-each="${list}"${range}`,
      )
    const items =
      split === undefined
        ? template(0, '')
        : template(0, ` data-paint-until="${split}"`) + template(split, ` data-paint-from="${split}"`)
    return html.slice(0, open) + items + html.slice((bounds.at(-1) as [number, number])[1])
  }
  throw new Error(`the paint's list ${list}: no sibling elements hold its items`)
}

/**
 * `withFlag` drew the flag at `path` true, `without` false: the one element only `withFlag` has gets
 * `data-paint-if`, and the fill keeps it only where the answer's flag is true.
 */
export function markFlag(withFlag: string, without: string, path: string): string {
  if (withFlag === without) return withFlag
  let differs = 0
  while (withFlag[differs] === without[differs]) differs += 1
  const start = withFlag.lastIndexOf('<', differs)
  const end = elementEnd(withFlag, start)
  if (withFlag.slice(0, start) + withFlag.slice(end) !== without)
    throw new Error(`the paint's flag ${path} changes more than whether one element is there`)
  const element = withFlag
    .slice(start, end)
    .replace(/^<[a-zA-Z][\w-]*/, (tag) => `${tag} data-paint-if="${textSlot(path)}"`)
  return withFlag.slice(0, start) + element + withFlag.slice(end)
}

/** The markup without the PAINT_HIDDEN elements. */
function shown(html: string): string {
  let out = html
  for (let at = out.search(/<[a-zA-Z][^>]*\sdata-paint-hidden=""/); at >= 0; ) {
    out = out.slice(0, at) + out.slice(elementEnd(out, at))
    at = out.search(/<[a-zA-Z][^>]*\sdata-paint-hidden=""/)
  }
  return out
}

/** `PAINT_HIDDEN` (web-client): the element keeps its room in the paint but is neither shown nor loaded. */
function hide(tag: string): string {
  // Unseen loads nothing: a hidden picture's stand-in source would be a guess at the real one.
  const bare = tag.replace(' data-paint-hidden=""', '').replace(/ (src|srcSet|srcset)="[^"]*"/g, '')
  return / style="/.test(bare)
    ? bare.replace(' style="', ' style="visibility:hidden;')
    : bare.replace(/^<[a-zA-Z][\w-]*/, (name) => `${name} style="visibility:hidden"`)
}

const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'wbr'])

/** Where the element starting at `start` ends (after its closing tag). */
function elementEnd(html: string, start: number): number {
  const tag = /<([a-zA-Z][\w-]*)[^>]*?(\/?)>/y
  tag.lastIndex = start
  const opened = tag.exec(html)
  if (!opened) throw new Error('not an element start')
  const name = (opened[1] as string).toLowerCase()
  if (VOID.has(name) || opened[2]) return tag.lastIndex
  const any = new RegExp(`<(/?)${escapeRegExp(name)}(?=[\\s/>])[^>]*>`, 'gi')
  any.lastIndex = tag.lastIndex
  let depth = 1
  for (let match = any.exec(html); match; match = any.exec(html)) {
    depth += match[1] ? -1 : 1
    if (depth === 0) return any.lastIndex
  }
  throw new Error(`<${name}> is not closed`)
}

/**
 * What every first paint's CSS is scoped to: #root while it shows a first paint (the shell's
 * `FIRST_PAINT_ATTRIBUTE`, which its build checks against this). The paint's class names are the ones
 * the page's styled-components generate at run time, and the app injects its rules in its own order while
 * the paint still shows: unscoped, a rule injected later (a button's `display`) could beat the paint's own
 * (the media query that hides it) and move the painted page before React draws its own.
 */
export const FIRST_PAINT_SCOPE = '#root[data-first-paint]'

/** `css` with every class rule (inside @media too) raised to `FIRST_PAINT_SCOPE`; element rules kept. */
export function scopeFirstPaintCss(css: string, scope = FIRST_PAINT_SCOPE): string {
  let out = ''
  let at = 0
  while (at < css.length) {
    const open = css.indexOf('{', at)
    if (open < 0) return out + css.slice(at)
    const head = css.slice(at, open).trim()
    if (head.startsWith('@')) {
      let depth = 1
      let end = open + 1
      for (; depth > 0 && end < css.length; end += 1)
        depth += css[end] === '{' ? 1 : css[end] === '}' ? -1 : 0
      out += `${head}{${scopeFirstPaintCss(css.slice(open + 1, end - 1), scope)}}`
      at = end
      continue
    }
    const close = css.indexOf('}', open)
    const selectors = splitSelectors(head).map((selector) =>
      selector.startsWith('.') ? `${scope} ${selector}` : selector,
    )
    out += `${selectors.join(',')}${css.slice(open, close + 1)}`
    at = close + 1
  }
  return out
}

/** A selector list's selectors (commas inside parentheses, as in `:is(a, b)`, do not split). */
function splitSelectors(list: string): string[] {
  const selectors: string[] = []
  let depth = 0
  let start = 0
  for (let index = 0; index < list.length; index += 1) {
    const char = list[index]
    if (char === '(') depth += 1
    else if (char === ')') depth -= 1
    else if (char === ',' && depth === 0) {
      selectors.push(list.slice(start, index).trim())
      start = index + 1
    }
  }
  selectors.push(list.slice(start).trim())
  return selectors
}
