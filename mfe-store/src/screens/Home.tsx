import { HomeHero, Icon, theme } from '@medstore/ui'
import { usePageTitle } from '@medstore/web-client'
import type { ReactNode } from 'react'
import styled from 'styled-components'
import { CappedGrid } from '../components/CappedGrid.tsx'
import { ContactBox } from '../components/ContactBox.tsx'
import { SearchBox } from '../components/SearchBox.tsx'
import { type MessageKey, useT } from '../i18n.ts'
import { Section } from './ui.tsx'

const Banners = styled.ul`
  display: grid;
  grid-template-columns: 1fr;
  gap: 12px;
  margin: 20px 0 32px;
  padding: 0;
  list-style: none;

  @media (min-width: 640px) {
    grid-template-columns: repeat(3, 1fr);
    gap: 16px;
  }
`

const Banner = styled.li<{ $tone: string }>`
  display: flex;
  align-items: center;
  gap: 14px;
  padding: 18px;
  border-radius: 12px;
  background: ${(p) => p.$tone};
  font-weight: 700;
  color: ${theme.color.brandDark};

  .icon {
    display: grid;
    place-items: center;
    flex: none;
    width: 44px;
    height: 44px;
    border-radius: 50%;
    background: rgba(255, 255, 255, 0.75);
  }

  small {
    display: block;
    font-weight: 500;
    color: ${theme.color.muted};
  }
`

const promoBanners: { text: MessageKey; note: MessageKey; icon: ReactNode; tone: string }[] = [
  {
    text: 'home.sale',
    note: 'home.saleNote',
    icon: (
      <Icon>
        <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z" />
        <circle cx="8" cy="8" r="1.5" />
      </Icon>
    ),
    tone: '#fef3c7',
  },
  {
    text: 'home.secure',
    note: 'home.secureNote',
    icon: (
      <Icon>
        <rect x="4" y="11" width="16" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </Icon>
    ),
    tone: '#dcfce7',
  },
  {
    text: 'home.freeShipping',
    note: 'home.freeShippingNote',
    icon: (
      <Icon>
        <path d="M2 5h12v11H2zM14 9h4l3 4v3h-7z" />
        <circle cx="6.5" cy="18" r="2" />
        <circle cx="17.5" cy="18" r="2" />
      </Icon>
    ),
    tone: '#e0f2fe',
  },
]

/** `/`: hero with the medicine search, the three promo banners, the product grid and the contact box. */
export function Home() {
  const t = useT()
  usePageTitle(t('home.title'))
  return (
    <Section data-remote="mfe_store">
      {/* The kit's hero: the shell painted this very component before any script ran. */}
      <HomeHero search={<SearchBox />} />
      <Banners aria-label={t('home.offers')}>
        {promoBanners.map((banner) => (
          <Banner key={banner.text} $tone={banner.tone}>
            <span className="icon">{banner.icon}</span>
            <div>
              {t(banner.text)}
              <small>{t(banner.note)}</small>
            </div>
          </Banner>
        ))}
      </Banners>
      <CappedGrid />
      <ContactBox />
    </Section>
  )
}
