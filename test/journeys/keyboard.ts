/**
 * Keyboard-only moves and what a keyboard user must see: where focus is, that its ring is visible, that a
 * dialog or menu keeps focus inside while open and gives it back when closed.
 */
import type { Locator, Page } from 'playwright-core'

export interface Focused {
  /** What a screen reader would call it, roughly: aria-label, the label of a field, else its text. */
  name: string
  /** A visible ring: an outline (or box shadow) on it, or on the label wrapping a visually hidden input. */
  ringVisible: boolean
}

export const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { name: '(body)', ringVisible: false }
    const field = el as HTMLInputElement
    const name =
      el.getAttribute('aria-label') ??
      field.labels?.[0]?.textContent?.trim() ??
      el.textContent?.trim().replace(/\s+/g, ' ').slice(0, 60) ??
      el.tagName
    const ring = (node: Element | null) => {
      if (!node) return false
      const style = getComputedStyle(node)
      return (
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) ||
        style.boxShadow !== 'none'
      )
    }
    // Chromium rings the focused part inside a date field itself (the day, month, year or calendar
    // button), not the field's box.
    const nativeRing = el instanceof HTMLInputElement && el.type === 'date'
    return { name, ringVisible: nativeRing || ring(el) || ring(el.closest('label')) }
  })

/**
 * Presses Tab (or Shift+Tab) until focus is on an element named `name`, at most `max` times; every stop
 * on the way must show a focus ring. Returns the names passed, for the failure message.
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  options: { backwards?: boolean; max?: number } = {},
): Promise<void> {
  const passed: string[] = []
  for (let i = 0; i < (options.max ?? 80); i++) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab')
    const now = await focused(page)
    if (!now.ringVisible && now.name !== '(body)') throw new Error(`no visible focus ring on "${now.name}"`)
    if (typeof name === 'string' ? now.name === name : name.test(now.name)) return
    passed.push(now.name)
  }
  throw new Error(`Tab never reached "${name}"; passed: ${passed.join(' | ')}`)
}

/** Whether focus is inside `container` now. */
export const focusInside = (container: Locator): Promise<boolean> =>
  container.evaluate((el) => el.contains(document.activeElement))

/** Tabs forwards `forwards` times and back `backwards` times; focus must never leave `container`. */
export async function focusStaysInside(page: Page, container: Locator, forwards = 8, backwards = 4) {
  for (const [key, times] of [
    ['Tab', forwards],
    ['Shift+Tab', backwards],
  ] as const) {
    for (let i = 0; i < times; i++) {
      await page.keyboard.press(key)
      if (!(await focusInside(container)))
        throw new Error(`focus left the dialog after ${i + 1} × ${key} (on "${(await focused(page)).name}")`)
    }
  }
}

/** Whether `element` has focus. */
export const hasFocus = (element: Locator): Promise<boolean> =>
  element.evaluate((el) => el === document.activeElement)
