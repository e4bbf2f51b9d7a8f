import type { Product } from '@medstore/contracts/catalogue'
import { compositionText } from '@medstore/contracts/medicine'
import { theme } from '@medstore/ui'
import { PAINT_HIDDEN } from '@medstore/web-client'
import styled from 'styled-components'
import { useT } from '../i18n.ts'

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: 4px 12px;
  margin: 0 0 12px;
  font-size: 0.9rem;

  dt {
    color: ${theme.color.muted};
    font-weight: 600;
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`

/**
 * Composition, maker, pack and (ayurvedic products) key ingredients, the facts a shopper compares
 * medicines by; a fact the product has not is left out. Hidden in the first paint: which facts a product
 * has depends on the answer.
 */
export function MedicineFacts({ product }: { product: Product }) {
  const t = useT()
  const facts: [string, string][] = [
    [t('facts.composition'), compositionText(product.composition ?? [])],
    [t('facts.manufacturer'), product.manufacturer],
    [t('facts.pack'), product.pack],
    [t('facts.keyIngredients'), (product.keyIngredients ?? []).join(', ')],
  ]
  return (
    <Facts aria-label={t('facts.title')} {...PAINT_HIDDEN}>
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </Facts>
  )
}
