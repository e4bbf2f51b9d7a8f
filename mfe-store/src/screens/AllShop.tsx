import type { Shop } from '@medstore/contracts/catalogue'
import { EmptyState, ErrorState, LoadingState } from '@medstore/ui'
import { usePageTitle } from '@medstore/web-client'
import styled from 'styled-components'
import { ShopCard } from '../components/ShopCard.tsx'
import { storeApi } from '../data/api.ts'
import { useRemote } from '../data/useRemote.ts'
import { useT } from '../i18n.ts'
import { Lead, Section, Title } from './ui.tsx'

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr));
  gap: 18px;
  margin: 0;
  padding: 0;
  list-style: none;
`

/** `/allShop`: every registered store, from the catalogue's `GET /shop`. */
export function AllShop() {
  const t = useT()
  usePageTitle(t('shops.title'))
  const shops = useRemote<Shop[]>('shops', (signal) => storeApi.shops(signal))
  return (
    <Section data-remote="mfe_store">
      <Title>{t('shops.title')}</Title>
      <Lead>{t('shops.lead')}</Lead>
      {shops.status === 'error' ? (
        <ErrorState message={shops.message} onRetry={shops.reload} />
      ) : !shops.data ? (
        <LoadingState />
      ) : shops.data.length === 0 ? (
        <EmptyState>{t('shops.empty')}</EmptyState>
      ) : (
        <Grid aria-label={t('shops.list')}>
          {shops.data.map((shop) => (
            <ShopCard key={shop._id} shop={shop} />
          ))}
        </Grid>
      )}
    </Section>
  )
}
