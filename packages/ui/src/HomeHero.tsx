import type { ReactNode } from 'react'
import styled from 'styled-components'
import { useT } from './messages.ts'
import { theme } from './theme.ts'

/**
 * A storefront page's section (mfe-store's screens): the home hero's place on the page, so the painted
 * hero sits exactly where React's will.
 */
export const StorePageSection = styled.section`
  max-width: 1120px;
  margin: 0 auto;
  padding: 32px 16px;
`

const Hero = styled.div`
  padding: 36px 16px 40px;
  border-radius: 16px;
  background: linear-gradient(120deg, ${theme.color.brandLight}, ${theme.color.brandLighter} 60%, #ecfeff);
  text-align: center;

  @media (min-width: ${theme.mobile}) {
    padding: 56px 32px;
  }
`

const HeroTitle = styled.h1`
  margin: 0 0 10px;
  font-size: clamp(1.7rem, 5vw, 2.8rem);
  line-height: 1.15;
  color: ${theme.color.brandDark};
`

const HeroLead = styled.p`
  margin: 0 auto;
  max-width: 36em;
  color: ${theme.color.muted};
  font-size: 1.05rem;
`

/** The search's box: the input and whatever drops down under it (mfe-store's suggestions). */
export const HeroSearchBox = styled.div`
  position: relative;
  width: 100%;
  max-width: 560px;
  margin: 20px auto 0;
  text-align: left;

  input {
    width: 100%;
    padding: 14px 16px;
    border: 1px solid ${theme.color.border};
    border-radius: 999px;
    background: ${theme.color.surface};
    font: inherit;
    font-size: 1rem;
    box-shadow: 0 4px 14px rgba(20, 83, 45, 0.1);
  }
`

/**
 * The home page's hero: its title, lead and the frame of its medicine search. It lives in the kit, not in
 * mfe-store, because two parties draw it: the shell paints it in index.html before any script has run
 * (the page's first and largest paint, in each language), and mfe-store renders it once its code is in.
 * The kit is one shared singleton, provided by the shell, so both draw this very component and React's
 * hero replaces the painted one without a pixel moving, however the remote is redeployed.
 * `search`: the live search (mfe-store's combobox in a `HeroSearchBox`), or the painted one.
 */
export function HomeHero({ search }: { search: ReactNode }) {
  const t = useT()
  return (
    <Hero>
      <HeroTitle>{t('hero.title')}</HeroTitle>
      <HeroLead>{t('hero.lead')}</HeroLead>
      {search}
    </Hero>
  )
}

/**
 * The search as painted before any script: the same box and input, as a plain form that searches
 * `/products?q=` (it works even if the page's code never arrives). Replaced by the live one.
 */
export function StaticHeroSearch() {
  const t = useT()
  return (
    <HeroSearchBox as="form" action="/products" role="search">
      <label htmlFor="first-paint-search" className="visually-hidden">
        {t('hero.searchLabel')}
      </label>
      <input
        id="first-paint-search"
        name="q"
        type="text"
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t('hero.searchLabel')}
        maxLength={100}
      />
    </HeroSearchBox>
  )
}
