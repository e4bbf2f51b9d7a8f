import type { ProductPage } from '@medstore/contracts/catalogue'
import { Pager } from '@medstore/ui'
import { PAINT_HIDDEN, usePageTitle } from '@medstore/web-client'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { GridFilters } from '../components/GridFilters.tsx'
import { ProductList } from '../components/ProductList.tsx'
import { storeApi } from '../data/api.ts'
import { useDebounced } from '../data/useDebounced.ts'
import { useRemote } from '../data/useRemote.ts'
import { filterQuery, listSearch, listStateFrom, PRODUCTS_PAGE_SIZE } from '../domain/catalogue.ts'
import { useT } from '../i18n.ts'
import { Lead, Section, Title } from './ui.tsx'

/** `/products`: every match, a page at a time from the server; filters and page live in the URL. */
export function Products() {
  const t = useT()
  usePageTitle(t('products.title'))
  const [params, setParams] = useSearchParams()
  const state = listStateFrom(params)
  // The box follows typing at once; the URL (and so the request) once typing pauses.
  const [text, setText] = useState(state.q)
  const q = useDebounced(text, 300)
  // The URL's q as last seen: when it changes from outside (back button, a link), the box follows it.
  const [urlQ, setUrlQ] = useState(state.q)
  if (urlQ !== state.q) {
    setUrlQ(state.q)
    setText(state.q)
  }
  useEffect(() => {
    if (q.trim() !== state.q.trim() && q === text)
      setParams(new URLSearchParams(listSearch({ ...state, q, page: 1 })), { replace: true })
  }, [q, text, state, setParams])

  const query = { ...filterQuery(state), page: state.page, limit: PRODUCTS_PAGE_SIZE }
  const remote = useRemote<ProductPage>(
    JSON.stringify(query),
    (signal) => storeApi.products(query, signal),
    () => storeApi.peekProducts(query),
  )
  const page = remote.data
  const pageCount = page ? Math.ceil(page.total / PRODUCTS_PAGE_SIZE) : 0
  const go = (next: typeof state) => setParams(new URLSearchParams(listSearch(next)))

  return (
    <Section data-remote="mfe_store">
      <Title>{t('products.title')}</Title>
      {/* Hidden in the first paint (src/pagePaints.tsx): its stand-in count is not the real one. */}
      <Lead aria-live="polite" {...PAINT_HIDDEN}>
        {page
          ? t('products.count', { count: page.total, capped: page.totalCapped ? 'yes' : 'no' })
          : '\u00a0'}
      </Lead>
      <GridFilters
        value={{ q: text, category: state.category }}
        onChange={(next) => {
          setText(next.q)
          if (next.category !== state.category) go({ ...state, q: next.q, category: next.category, page: 1 })
        }}
      />
      {/* Cards title their products with h3, as on home under 'Our products'. */}
      <h2 className="visually-hidden">{t('products.heading')}</h2>
      <ProductList
        remote={remote}
        products={page?.products ?? []}
        ingredientMatches={page?.ingredientMatches}
        label={t('products.heading')}
        onRetry={remote.reload}
      />
      {page && remote.status !== 'error' ? (
        <Pager
          page={state.page}
          pageCount={pageCount}
          label={t('products.pages')}
          onPageChange={(next) => {
            go({ ...state, page: next })
            window.scrollTo({ top: 0 })
          }}
        />
      ) : null}
    </Section>
  )
}
