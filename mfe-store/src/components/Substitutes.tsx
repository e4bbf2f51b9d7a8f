import type { SubstitutesAnswer } from '@medstore/contracts/catalogue'
import { soldOnline } from '@medstore/contracts/medicine'
import {
  Button,
  EmptyState,
  ErrorState,
  formatRupees,
  LOCALES,
  LoadingState,
  Price,
  theme,
  useLanguage,
} from '@medstore/ui'
import { links } from '@medstore/web-client'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { storeApi } from '../data/api.ts'
import { addToCart } from '../data/cart.ts'
import { useRemote } from '../data/useRemote.ts'
import { useT } from '../i18n.ts'

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`

const Item = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  gap: 4px 12px;
  padding: 10px 12px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius};
  background: ${theme.color.surface};

  .name {
    font-weight: 700;
    color: ${theme.color.text};
    overflow-wrap: anywhere;
  }

  .meta {
    margin: 2px 0 0;
    font-size: 0.85rem;
    color: ${theme.color.muted};
  }

  .save {
    margin-left: 8px;
    color: ${theme.color.brand};
    font-weight: 700;
  }
`

function Row({ substitute }: { substitute: SubstitutesAnswer['substitutes'][number] }) {
  const t = useT()
  const language = useLanguage()
  const [adding, setAdding] = useState(false)
  const { product } = substitute
  const add = async () => {
    setAdding(true)
    await addToCart(product._id, 1)
    setAdding(false)
  }
  return (
    <Item>
      <div>
        <Link className="name" to={links.product(product._id)}>
          {product.name}
        </Link>
        <p className="meta">
          {product.manufacturer ? `${product.manufacturer} · ` : ''}
          {product.pack}
        </p>
        <p className="meta">
          <strong>
            <Price amount={product.price} />
          </strong>{' '}
          · {t('substitutes.perUnit', { price: formatRupees(substitute.unitPrice, LOCALES[language]) })}
          {substitute.savingPercent > 0 ? (
            <span className="save">{t('substitutes.save', { percent: substitute.savingPercent })}</span>
          ) : null}
        </p>
      </div>
      {soldOnline(product.schedule) ? (
        <Button onClick={add} disabled={adding} aria-label={t('card.addToCartLabel', { name: product.name })}>
          {adding ? t('card.adding') : t('card.addToCart')}
        </Button>
      ) : null}
    </Item>
  )
}

/** The product page's 'Substitutes': the same composition, cheapest per unit first (GET /product/substitutes). */
export function Substitutes({ productId }: { productId: string }) {
  const t = useT()
  const remote = useRemote(productId, (signal) => storeApi.substitutes(productId, signal))
  return (
    <section aria-labelledby="substitutes-title" style={{ margin: '24px 0 28px' }}>
      <h2 id="substitutes-title" style={{ fontSize: '1.15rem', margin: '0 0 4px' }}>
        {t('substitutes.title')}
      </h2>
      <p style={{ margin: '0 0 10px', color: theme.color.muted, fontSize: '0.9rem' }}>
        {t('substitutes.lead')}
      </p>
      {remote.status === 'error' ? (
        <ErrorState message={remote.message} failure={t('substitutes.failed')} onRetry={remote.reload} />
      ) : remote.status === 'loading' ? (
        <LoadingState />
      ) : remote.data.substitutes.length === 0 ? (
        <EmptyState>{t('substitutes.none')}</EmptyState>
      ) : (
        <List aria-label={t('substitutes.list')}>
          {remote.data.substitutes.map((s) => (
            <Row key={s.product._id} substitute={s} />
          ))}
        </List>
      )}
    </section>
  )
}
