import { type ComponentType, createElement, lazy } from 'react'

/** The screens whose code started loading because the page was opened at their path. */
const opening: Promise<unknown>[] = []

/**
 * A remote's screen loaded when first shown, or at once when the page was opened at its path: the
 * remote's routes module is evaluated before the shell's first render (which waits for it), so the
 * screen's chunk arrives alongside that render instead of after it (one round trip less before the page
 * can draw its largest element). `path` is the route as the remote declares it, without parameters.
 * Once its code is in, the screen renders directly, without suspending: a first render that waited for
 * `openedScreensReady()` draws the page itself, not a Loading box. `settled`: what else the screen waits for
 * once its code is in (a remote passes the kit's `cataloguesReady`: the messages of the shared modules the
 * screen's code brought, such as `@medstore/ui/later`'s table headers, are in before it first renders).
 */
export function lazyScreen<T>(
  path: string,
  loadCode: () => Promise<T>,
  pick: (module: T) => ComponentType,
  settled: () => Promise<unknown> = () => Promise.resolve(),
): ComponentType {
  const load = () =>
    loadCode().then(async (module) => {
      await settled()
      return module
    })
  let loaded: ComponentType | undefined
  const opened = typeof window !== 'undefined' && window.location.pathname.replace(/(.)\/+$/, '$1') === path
  const early = opened
    ? load().then((module) => {
        loaded = pick(module)
        return module
      })
    : undefined
  if (early) opening.push(early.catch(() => {}))
  const Lazy = lazy(() => (early ?? load()).then((module) => ({ default: pick(module) })))
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once per screen, at module level
  return function Screen() {
    return createElement(loaded ?? Lazy)
  }
}

/** Settles once the code of the screen the page was opened at is in (or failed to arrive). */
export function openedScreensReady(): Promise<void> {
  return Promise.all(opening).then(() => {})
}
