import type { ProductPage } from '@medstore/contracts/catalogue'
import { theme } from '@medstore/ui'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { storeApi } from '../data/api.ts'
import { useDebounced } from '../data/useDebounced.ts'
import { useRemote } from '../data/useRemote.ts'
import {
  cappedGrid,
  type GridFilters as Filters,
  filterQuery,
  HOME_GRID_CAP,
  listSearch,
} from '../domain/catalogue.ts'
import { useT } from '../i18n.ts'
import { GridFilters } from './GridFilters.tsx'
import { ProductList } from './ProductList.tsx'

const Heading = styled.h2`
  margin: 0 0 12px;
  font-size: 1.35rem;
  color: ${theme.color.brandDark};
`

const More = styled.p`
  margin: 20px 0 0;
  text-align: center;

  a {
    display: inline-block;
    padding: 10px 28px;
    border: 1px solid ${theme.color.brand};
    border-radius: ${theme.radius};
    font-weight: 600;
    text-decoration: none;
  }

  a:hover {
    background: ${theme.color.brandLighter};
  }
`

/**
 * The home and shop pages' grid: the first 12 matches of the filters, and 'Load More' to /products
 * (carrying the filters) whenever more match — the spec's link that never appeared.
 */
export function CappedGrid({ title }: { title?: string }) {
  const t = useT()
  const [filters, setFilters] = useState<Filters>({ q: '', category: '' })
  const q = useDebounced(filters.q, 250)
  const query = filterQuery({ q, category: filters.category })
  const remote = useRemote<ProductPage>(JSON.stringify(query), (signal) =>
    storeApi.products({ ...query, page: 1, limit: HOME_GRID_CAP }, signal),
  )
  const page = remote.data
  const { shown, hasMore } = page ? cappedGrid(page.products, page.total) : { shown: [], hasMore: false }
  return (
    <section aria-labelledby="product-grid-title">
      <Heading id="product-grid-title">{title ?? t('grid.title')}</Heading>
      <GridFilters value={filters} onChange={setFilters} />
      <ProductList
        remote={remote}
        products={shown}
        ingredientMatches={page?.ingredientMatches}
        label={t('products.heading')}
        onRetry={remote.reload}
      />
      {hasMore && remote.status !== 'error' ? (
        <More>
          <Link
            to={`/products${listSearch({ ...query, q: query.q ?? '', category: query.category ?? '', page: 1 })}`}
          >
            {t('grid.loadMore')}
          </Link>
        </More>
      ) : null}
    </section>
  )
}
