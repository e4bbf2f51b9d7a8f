import { useCallback, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router-dom'

/**
 * A panel's filters and page as read from the query string: each key takes its value from the URL, or
 * its default when absent. `page` is always a whole number ≥ 1 (a hand-edited `?page=abc` reads as 1).
 */
export function readUrlState<T extends Record<keyof T, string>>(
  params: URLSearchParams,
  defaults: T,
): T & { page: number } {
  const values = { ...defaults } as Record<string, string>
  for (const key of Object.keys(defaults)) {
    const value = params.get(key)
    if (value !== null) values[key] = value
  }
  const page = Number(params.get('page'))
  return { ...(values as T), page: Number.isInteger(page) && page >= 1 ? page : 1 }
}

/**
 * The query string for `next`: default values and page 1 are left out, so a panel's plain URL is its
 * first unfiltered page. Keys the panel does not own are kept.
 */
export function writeUrlState<T extends Record<keyof T, string>>(
  current: URLSearchParams,
  defaults: T,
  next: Partial<T> & { page?: number },
): URLSearchParams {
  const params = new URLSearchParams(current)
  for (const [key, value] of Object.entries(next) as [string, string | number | undefined][]) {
    if (key === 'page') continue
    if (value === undefined || value === (defaults as Record<string, string>)[key]) params.delete(key)
    else params.set(key, String(value))
  }
  if (next.page !== undefined) {
    if (next.page <= 1) params.delete('page')
    else params.set('page', String(next.page))
  }
  return params
}

/**
 * Filters and page kept in the URL, so a reload, Back or a shared link shows the same rows. Changing a
 * filter without naming a page goes back to page 1 (a filter can shrink the list below the current page).
 */
export function useUrlState<T extends Record<keyof T, string>>(defaults: T) {
  const [params, setParams] = useSearchParams()
  // A panel's defaults never change while it is shown; a ref keeps a fresh literal from re-reading the URL.
  const fixed = useRef(defaults).current
  const state = useMemo(() => readUrlState(params, fixed), [params, fixed])
  const update = useCallback(
    (next: Partial<T> & { page?: number }, options?: { replace?: boolean }) => {
      setParams((current) => writeUrlState(current, fixed, { page: 1, ...next }), options)
    },
    [setParams, fixed],
  )
  return [state, update] as const
}
