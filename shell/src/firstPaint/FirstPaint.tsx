import { GlobalStyle, HomeHero, StaticHeroSearch, StorePageSection } from '@medstore/ui'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { Loading } from '../federation/Loading.tsx'
import { StoreLayout } from '../layout/StoreLayout.tsx'

/**
 * What index.html paints before any script has arrived (rendered to HTML at build time by
 * shell/build/first-paint.ts): the storefront frame as the shell's React draws it for a guest, around
 * the page's first content: on `/` the kit's home hero (the page's largest element), elsewhere the
 * shell's own Loading, as React shows it while the page's code loads. The same components, so React's
 * first render replaces it without anything moving.
 */
export type FirstPaintVariant = 'home' | 'page'

/** The path each variant is drawn at (the top bar is lighter on the home route). */
const pathOf: Record<FirstPaintVariant, string> = { home: '/', page: '/first-paint' }

function Content({ variant }: { variant: FirstPaintVariant }) {
  if (variant === 'page') return <Loading />
  // Where mfe-store's Home puts it: the first thing in the kit's store page section.
  return (
    <StorePageSection>
      <HomeHero search={<StaticHeroSearch />} />
    </StorePageSection>
  )
}

export function FirstPaint({ variant }: { variant: FirstPaintVariant }) {
  return (
    <>
      <GlobalStyle />
      <MemoryRouter initialEntries={[pathOf[variant]]}>
        <Routes>
          <Route element={<StoreLayout />}>
            <Route path="*" element={<Content variant={variant} />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </>
  )
}
