import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/**
 * A remote's screen loaded when first shown, or at once when the page was opened at its path: the
 * remote's routes module is evaluated before the shell's first render (which waits for it), so the
 * screen's chunk arrives alongside that render instead of after it (one round trip less before the page
 * can draw its largest element). `path` is the route as the remote declares it, without parameters.
 */
export function lazyScreen<T>(
  path: string,
  load: () => Promise<T>,
  pick: (module: T) => ComponentType,
): LazyExoticComponent<ComponentType> {
  const opened = typeof window !== 'undefined' && window.location.pathname.replace(/(.)\/+$/, '$1') === path
  const early = opened ? load() : undefined
  return lazy(() => (early ?? load()).then((module) => ({ default: pick(module) })))
}
