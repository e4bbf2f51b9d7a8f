import type { Product } from '@medstore/contracts/catalogue'
import { EmptyState, ErrorState, LoadingState, theme } from '@medstore/ui'
import styled from 'styled-components'
import type { Remote } from '../data/useRemote.ts'
import { useT } from '../i18n.ts'
import { ProductCard } from './ProductCard.tsx'

export const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;

  @media (min-width: ${theme.mobile}) {
    grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
    gap: 18px;
  }
`

/** Cards in the first row load at once; the rest wait until they scroll near (native lazy loading). */
export const EAGER_CARDS = 4

/**
 * A list of products with its loading, error and empty states; those in `ingredientMatches` (a search
 * found them by a salt or key ingredient) say what they contain.
 */
export function ProductList({
  remote,
  products,
  label,
  onRetry,
  ingredientMatches = [],
}: {
  remote: Remote<unknown>
  products: readonly Product[]
  label: string
  onRetry: () => void
  ingredientMatches?: readonly string[]
}) {
  const t = useT()
  if (remote.status === 'error')
    return <ErrorState message={remote.message} failure={t('list.failed')} onRetry={onRetry} />
  if (remote.status === 'loading' && remote.data === undefined) return <LoadingState />
  if (products.length === 0) return <EmptyState>{t('list.empty')}</EmptyState>
  return (
    <Grid aria-label={label} aria-busy={remote.status === 'loading'}>
      {products.map((product, index) => (
        <ProductCard
          key={product._id}
          product={product}
          eager={index < EAGER_CARDS}
          byIngredient={ingredientMatches.includes(product._id)}
        />
      ))}
    </Grid>
  )
}
