import type { Shop } from '@medstore/contracts/catalogue'
import { theme } from '@medstore/ui'
import { StarRating } from '@medstore/ui/later'
import { apiImage, links } from '@medstore/web-client'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { useT } from '../i18n.ts'
import { fullWidthPicture, GridCard } from './card.ts'

export const ShopBanner = styled.div`
  position: relative;

  .banner {
    ${fullWidthPicture('3 / 1', 'cover')}
    background: ${theme.color.brandLight};
  }

  .logo {
    position: absolute;
    bottom: -28px;
    left: 16px;
    width: 64px;
    height: 64px;
    border: 3px solid #fff;
    border-radius: 50%;
    background: #fff;
    object-fit: cover;
  }
`

export const StatusBadge = styled.span<{ $open: boolean }>`
  position: absolute;
  top: 10px;
  right: 10px;
  padding: 2px 10px;
  border-radius: 999px;
  background: ${(p) => (p.$open ? theme.color.brand : '#475569')};
  color: #fff;
  font-size: 0.8rem;
  font-weight: 700;
`

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: 4px;
  padding: 36px 16px 16px;

  h2 {
    margin: 0;
    font-size: 1.1rem;
    overflow-wrap: anywhere;
  }

  p {
    margin: 0;
    font-size: 0.9rem;
    color: ${theme.color.muted};
    overflow-wrap: anywhere;
  }

  .visit {
    align-self: flex-start;
    margin-top: 10px;
    padding: 8px 16px;
    border-radius: ${theme.radius};
    background: ${theme.color.brand};
    color: #fff;
    font-weight: 600;
    text-decoration: none;
  }
`

/** A registered store (spec: banner, logo, Open/Closed, name, rating, location, postal code, city, phone). */
export function ShopCard({ shop }: { shop: Shop }) {
  const t = useT()
  return (
    <GridCard>
      <ShopBanner>
        <img className="banner" src={apiImage(shop.banner)} alt="" width={600} height={200} loading="lazy" />
        <img className="logo" src={apiImage(shop.logo)} alt="" width={64} height={64} loading="lazy" />
        <StatusBadge $open={shop.status === 'Open'}>{t('shop.status', { status: shop.status })}</StatusBadge>
      </ShopBanner>
      <Body>
        <h2>{shop.name}</h2>
        <p>
          <StarRating value={shop.rating} /> {shop.rating.toFixed(1)}{' '}
          {t('shop.reviews', { count: shop.totalReview })}
        </p>
        <p>{shop.location}</p>
        <p>
          {shop.city} – {shop.postalCode}
        </p>
        <p>
          {t('shop.phone')} <a href={`tel:${shop.phone.replace(/\s/g, '')}`}>{shop.phone}</a>
        </p>
        <Link
          className="visit"
          to={links.shop(shop._id)}
          aria-label={t('shop.visitLabel', { name: shop.name })}
        >
          {t('shop.visit')}
        </Link>
      </Body>
    </GridCard>
  )
}
