import { type PagerProps, pageCountOf, useLoad } from '@medstore/ui'
import type { Paged } from './api.ts'
import { useUrlState } from './url-state.ts'

/**
 * A panel that lists one kind of record a page at a time, filtered by one text kept in the URL under
 * `param` (`?name=asha&page=2`): what it loads, the applied text, a new search (back to page 1) and the
 * pager for a total.
 */
export function useSearchedPages<T, K extends string = string>(
  param: K,
  fetch: (text: string, page: number, limit: number) => Promise<Paged<T>>,
  pageSize: number,
  pagerLabel: string,
) {
  const [state, setState] = useUrlState({ [param]: '' } as Record<K, string>)
  const text: string = state[param] ?? ''
  const filter = (value: string) => ({ [param]: value }) as Record<K, string>
  const [load, reload] = useLoad(() => fetch(text, state.page, pageSize), JSON.stringify([text, state.page]))
  return {
    text,
    load,
    reload,
    search: (next: string) => setState({ ...filter(next), page: 1 }),
    pager: (total: number): PagerProps => ({
      label: pagerLabel,
      page: state.page,
      pageCount: pageCountOf(total, pageSize),
      onPageChange: (page) => setState({ ...filter(text), page }),
    }),
  }
}
