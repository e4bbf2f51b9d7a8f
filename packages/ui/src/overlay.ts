import { type RefObject, useEffect, useRef } from 'react'

export interface OverlayOptions {
  /**
   * Where focus goes on opening: the first focusable element inside this one (or the element itself).
   * Default: the overlay itself when it is focusable (tabIndex -1, as dialogs are), else its first
   * focusable element.
   */
  initialFocus?: RefObject<HTMLElement | null>
  /** Presses here do not count as outside (e.g. the button that toggles the overlay). */
  inside?: readonly RefObject<HTMLElement | null>[]
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',')

/** The elements Tab can reach inside `root`, in document order (hidden ones left out). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      !element.closest('[hidden],[inert]') && element.checkVisibility({ visibilityProperty: true }),
  )
}

/**
 * Where Tab (or Shift+Tab) from `active` goes when focus must stay among `items` (wrapping around), or
 * undefined when the browser's own move stays inside. `active` outside the list counts as before it.
 */
export function nextTrapTarget<T>(items: readonly T[], active: T | null, backwards: boolean): T | undefined {
  if (items.length === 0) return undefined
  const first = items[0] as T
  const last = items[items.length - 1] as T
  const index = active === null ? -1 : items.indexOf(active)
  if (index === -1) return backwards ? last : first
  if (backwards && index === 0) return last
  if (!backwards && index === items.length - 1) return first
  return undefined
}

/** Open overlays, innermost last: only the innermost one answers Escape, Tab and outside presses. */
const openOverlays: HTMLElement[] = []

/** Presses inside an element marked with this attribute (the toasts) never close an overlay. */
export const KEEP_OVERLAYS_OPEN = 'data-keep-overlays-open'

/**
 * The keyboard and focus behaviour every menu, panel and dialog on the page shares. While `open`:
 * focus moves into the returned ref's element and Tab keeps it there (wrapping around); Escape and a
 * press outside call `onClose`. On closing, focus goes back to what had it before, unless the user
 * already put it somewhere else (a press outside on another control keeps that control focused).
 * `onClose` may be a new function on every render without re-running this.
 */
export function useOverlay<T extends HTMLElement>(
  open: boolean,
  onClose: () => void,
  options: OverlayOptions = {},
): RefObject<T | null> {
  const overlay = useRef<T>(null)
  const latest = useRef({ onClose, options })
  latest.current = { onClose, options }

  useEffect(() => {
    const root = overlay.current
    if (!open || !root) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    openOverlays.push(root)
    const innermost = () => openOverlays[openOverlays.length - 1] === root
    const isInside = (target: EventTarget | null) =>
      target instanceof Node &&
      (root.contains(target) ||
        (latest.current.options.inside ?? []).some((ref) => ref.current?.contains(target)) ||
        (target instanceof Element && target.closest(`[${KEEP_OVERLAYS_OPEN}]`) !== null))

    const start = latest.current.options.initialFocus?.current
    const first = start
      ? (focusableIn(start)[0] ?? start)
      : root.tabIndex >= 0 || root.hasAttribute('tabindex')
        ? root
        : focusableIn(root)[0]
    ;(first ?? root).focus()

    const onKey = (event: KeyboardEvent) => {
      if (!innermost() || event.defaultPrevented) return
      if (event.key === 'Escape') {
        event.preventDefault()
        latest.current.onClose()
      } else if (event.key === 'Tab') {
        const items = focusableIn(root)
        const active = document.activeElement instanceof HTMLElement ? document.activeElement : null
        const target = items.length === 0 ? root : nextTrapTarget(items, active, event.shiftKey)
        if (target) {
          event.preventDefault()
          target.focus()
        }
      }
    }
    const onPress = (event: PointerEvent | MouseEvent) => {
      if (innermost() && !isInside(event.target)) latest.current.onClose()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('mousedown', onPress)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('mousedown', onPress)
      openOverlays.splice(openOverlays.lastIndexOf(root), 1)
      // Back to the opener when focus was inside the overlay (or fell to the page as it closed).
      const active = document.activeElement
      if (!active || active === document.body || root.contains(active) || !active.isConnected) {
        opener?.focus()
      }
    }
  }, [open])

  return overlay
}
