export type PagerItem = number | 'gap'

/**
 * Which page buttons a pager shows (pages are 1-based): the first and last `margin` pages, `range` pages
 * around the current one, and a gap for each run of hidden pages (a gap never hides a single page: that
 * page is shown instead). Spec defaults: 2 margin pages, 3 range pages.
 */
export function pagerItems(page: number, pageCount: number, margin = 2, range = 3): PagerItem[] {
  if (pageCount <= 0) return []
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount)
  const shown = new Set<number>()
  for (let p = 1; p <= Math.min(margin, pageCount); p++) shown.add(p)
  for (let p = Math.max(1, pageCount - margin + 1); p <= pageCount; p++) shown.add(p)
  // The window of `range` pages around the current one, shifted to stay inside 1..pageCount.
  let start = current - Math.floor((range - 1) / 2)
  start = Math.max(1, Math.min(start, pageCount - range + 1))
  for (let p = start; p < start + range && p <= pageCount; p++) shown.add(p)

  const sorted = [...shown].sort((a, b) => a - b)
  const items: PagerItem[] = []
  let previous = 0
  for (const p of sorted) {
    if (p - previous === 2) items.push(previous + 1)
    else if (p - previous > 2) items.push('gap')
    items.push(p)
    previous = p
  }
  return items
}

/** Number of pages for `total` items, `pageSize` per page (at least 1 when there is anything). */
export function pageCountOf(total: number, pageSize: number): number {
  return total <= 0 || pageSize <= 0 ? 0 : Math.ceil(total / pageSize)
}

/** The items of a 1-based page. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = (Math.max(1, page) - 1) * pageSize
  return items.slice(start, start + pageSize)
}
