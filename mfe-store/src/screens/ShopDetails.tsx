import type { Shop } from '@medstore/contracts/catalogue'
import { EmptyState, ErrorState, LoadingState, theme } from '@medstore/ui'
import { StarRating } from '@medstore/ui/later'
import { ApiError, apiImage, usePageTitle } from '@medstore/web-client'
import { Link, useParams } from 'react-router-dom'
import styled from 'styled-components'
import { CappedGrid } from '../components/CappedGrid.tsx'
import { ContactBox } from '../components/ContactBox.tsx'
import { ShopBanner, StatusBadge } from '../components/ShopCard.tsx'
import { storeApi } from '../data/api.ts'
import { useRemote } from '../data/useRemote.ts'
import { useT } from '../i18n.ts'
import { Section } from './ui.tsx'

const Header = styled.header`
  margin-bottom: 28px;
  border: 1px solid ${theme.color.border};
  border-radius: 16px;
  background: ${theme.color.surface};
  overflow: hidden;

  .banner {
    aspect-ratio: 4 / 1;
  }

  div.text {
    padding: 36px 16px 16px;
  }

  h1 {
    margin: 0 0 6px;
    font-size: clamp(1.4rem, 4vw, 1.9rem);
    color: ${theme.color.brandDark};
    overflow-wrap: anywhere;
  }

  p {
    margin: 2px 0;
    color: ${theme.color.muted};
    overflow-wrap: anywhere;
  }
`

async function loadShop(id: string, signal: AbortSignal): Promise<Shop | null> {
  try {
    return await storeApi.shop(id, signal)
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null
    throw error
  }
}

/** `/shopDetails/:vendorId`: the shop's header, the product grid and the contact box. */
export function ShopDetails() {
  const t = useT()
  const { vendorId = '' } = useParams()
  const shop = useRemote<Shop | null>(vendorId, (signal) => loadShop(vendorId, signal))
  usePageTitle(shop.status === 'done' ? (shop.data?.name ?? t('shop.notFound')) : undefined)
  if (shop.status === 'error')
    return (
      <Section data-remote="mfe_store">
        <ErrorState message={shop.message} onRetry={shop.reload} />
      </Section>
    )
  if (shop.status === 'loading' || shop.data === undefined)
    return (
      <Section data-remote="mfe_store">
        <LoadingState />
      </Section>
    )
  if (shop.data === null)
    return (
      <Section data-remote="mfe_store">
        <EmptyState>
          <h1 style={{ color: theme.color.text }}>{t('shop.notFound')}</h1>
          <Link to="/allShop">{t('shop.seeAll')}</Link>
        </EmptyState>
      </Section>
    )
  const s = shop.data
  return (
    <Section data-remote="mfe_store">
      <Header>
        <ShopBanner>
          <img className="banner" src={apiImage(s.banner)} alt="" width={1200} height={300} />
          <img className="logo" src={apiImage(s.logo)} alt="" width={64} height={64} />
          <StatusBadge $open={s.status === 'Open'}>{t('shop.status', { status: s.status })}</StatusBadge>
        </ShopBanner>
        <div className="text">
          <h1>{s.name}</h1>
          <p>
            <StarRating value={s.rating} /> {s.rating.toFixed(1)}{' '}
            {t('shop.reviews', { count: s.totalReview })}
          </p>
          <p>
            {s.location}, {s.city} – {s.postalCode}
          </p>
          <p>
            {t('shop.phone')} <a href={`tel:${s.phone.replace(/\s/g, '')}`}>{s.phone}</a>
            {s.isDeliveryFree ? ` · ${t('shop.freeDelivery')}` : ''}
          </p>
        </div>
      </Header>
      <CappedGrid title={t('shop.medicinesAt', { name: s.name })} />
      <ContactBox />
    </Section>
  )
}
