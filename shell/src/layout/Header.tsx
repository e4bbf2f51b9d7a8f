import { theme, useOverlay } from '@medstore/ui'
import { links, loginPath, useCartSummaryStore, useUser } from '@medstore/web-client'
import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router-dom'
import styled from 'styled-components'
import { useT } from '../i18n.ts'
import { FIXED_HEADER_AFTER_PX, site } from '../site.ts'
import { Badge, IconAnchor, IconLink, MenuButton } from './headerStyles.ts'
import { CartIcon, ChatIcon, MenuIcon } from './icons.tsx'
import { LinkItem } from './LinkItem.tsx'
import { MedicineMenuItem } from './MedicineMenuItem.tsx'
import { TopBar } from './TopBar.tsx'
import { AccountItems, UserMenu } from './UserMenu.tsx'
import { useScrolledPast } from './useScrolledPast.ts'

const HEADER_HEIGHT = 64

/** Below this width the chat button moves into the mobile menu, so cart and menu always fit at 320 px. */
const NARROW = '399px'
/** Where the back-office link leaves the header for the mobile menu. */
const MOBILE = theme.mobile

const Bar = styled.div<{ $fixed: boolean }>`
  position: ${(p) => (p.$fixed ? 'fixed' : 'relative')};
  top: 0;
  left: 0;
  right: 0;
  z-index: 50;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  height: ${HEADER_HEIGHT}px;
  padding: 0 24px;
  background: ${theme.color.surface};
  border-bottom: 1px solid ${theme.color.border};
  box-shadow: ${(p) => (p.$fixed ? '0 4px 12px rgba(15, 23, 42, 0.08)' : 'none')};

  /* An open menu (user, mobile) drops down where the toasts sit: it goes above them while open. */
  &:has([aria-expanded='true']) {
    z-index: 2100;
  }

  @media (max-width: ${MOBILE}) {
    gap: 8px;
    padding: 0 8px 0 12px;
  }
`

/** Takes the header's place while it is fixed, so the page does not jump. */
const Spacer = styled.div`
  height: ${HEADER_HEIGHT}px;
`

const Brand = styled(Link)`
  min-width: 0;
  overflow: hidden;
  font-size: 1.25rem;
  font-weight: 800;
  color: ${theme.color.brandDark};
  text-decoration: none;
  white-space: nowrap;
  text-overflow: ellipsis;

  @media (max-width: ${MOBILE}) {
    font-size: 1.1rem;
  }
`

const Nav = styled.nav`
  display: flex;
  gap: 20px;

  a {
    color: ${theme.color.text};
    text-decoration: none;
    font-weight: 500;
  }

  a:hover,
  a.active {
    color: ${theme.color.brand};
  }

  @media (max-width: ${MOBILE}) {
    display: none;
  }
`

const Actions = styled.div`
  display: flex;
  flex-shrink: 0;
  align-items: center;
  gap: 4px;

  @media (max-width: ${MOBILE}) {
    gap: 0;

    .wide-only {
      display: none;
    }
  }

  @media (max-width: ${NARROW}) {
    .roomy-only {
      display: none;
    }
  }
`

const MobileToggle = styled(MenuButton)`
  display: none;

  @media (max-width: ${MOBILE}) {
    display: inline-flex;
  }
`

const MobileMenu = styled.nav`
  position: absolute;
  top: ${HEADER_HEIGHT}px;
  left: 0;
  right: 0;
  max-height: calc(100vh - ${HEADER_HEIGHT}px);
  overflow-y: auto;
  padding: 8px 24px 16px;
  background: ${theme.color.surface};
  border-bottom: 1px solid ${theme.color.border};
  box-shadow: ${theme.shadow};

  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  a,
  button {
    display: block;
    width: 100%;
    padding: 10px 0;
    border: 0;
    background: transparent;
    color: ${theme.color.text};
    font: inherit;
    text-align: left;
    text-decoration: none;
    cursor: pointer;
  }

  ul ul a {
    padding-left: 16px;
  }
`

function CartButton() {
  const itemCount = useCartSummaryStore((state) => state.itemCount)
  const openPanel = useCartSummaryStore((state) => state.openPanel)
  const t = useT()
  return (
    <MenuButton
      type="button"
      aria-label={t('header.cart', { count: itemCount })}
      aria-haspopup="dialog"
      onClick={openPanel}
    >
      <CartIcon />
      {itemCount > 0 ? <Badge aria-hidden="true">{itemCount > 99 ? '99+' : itemCount}</Badge> : null}
    </MenuButton>
  )
}

/**
 * Publishes where the header's bar ends on screen as `--header-bottom` (the toasts sit just below it,
 * never over the chat, user and cart buttons). It moves while the page scrolls and the top bar wraps.
 */
export function useHeaderBottom(bar: RefObject<HTMLElement | null>, fixed = false) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the bar moves when it turns fixed or back
  useLayoutEffect(() => {
    const root = document.documentElement
    const update = () => {
      const bottom = bar.current?.getBoundingClientRect().bottom ?? 0
      root.style.setProperty('--header-bottom', `${Math.max(0, Math.round(bottom))}px`)
    }
    update()
    window.addEventListener('scroll', update, { passive: true })
    window.addEventListener('resize', update)
    return () => {
      window.removeEventListener('scroll', update)
      window.removeEventListener('resize', update)
      root.style.removeProperty('--header-bottom')
    }
  }, [bar, fixed])
}

/**
 * The storefront's banner: the top bar, then brand, Shop / Contact Us / About, chat, the back-office
 * link for administrators (decided by `userInfo.isAdmin` only), the user menu and the cart button. The
 * bar turns fixed after the page scrolls past 100 px; below 768 px the links move into a menu. From
 * 320 px up everything fits: the name becomes an initials disc, the back-office and (below 400 px) the
 * chat move into the menu, and the cart and menu buttons always stay.
 */
export function Header() {
  const t = useT()
  const user = useUser()
  const fixed = useScrolledPast(FIXED_HEADER_AFTER_PX)
  const { pathname, search } = useLocation()
  const [mobileOpen, setMobileOpen] = useState(false)
  const mobileId = useId()
  const bar = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const closeMobile = () => setMobileOpen(false)
  const mobileMenu = useOverlay<HTMLElement>(mobileOpen, closeMobile, { inside: [toggle] })
  useHeaderBottom(bar, fixed)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a location change closes the mobile menu
  useEffect(() => setMobileOpen(false), [pathname, search])

  return (
    <header data-fixed={fixed}>
      <TopBar home={pathname === '/'} />
      {fixed ? <Spacer /> : null}
      <Bar ref={bar} $fixed={fixed}>
        <Brand to="/">{site.name}</Brand>
        <Nav aria-label={t('header.main')}>
          <NavLink to="/products">{t('header.shop')}</NavLink>
          <a href="#contact">{t('header.contact')}</a>
          <a href="#about">{t('header.about')}</a>
        </Nav>
        <Actions>
          {user?.isAdmin ? (
            <IconLink className="wide-only" to={links.backOffice()}>
              {t('header.backOffice')}
            </IconLink>
          ) : null}
          <IconAnchor
            className="roomy-only"
            href={site.chatUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('header.chat')}
          >
            <ChatIcon />
          </IconAnchor>
          <UserMenu />
          <CartButton />
          <MobileToggle
            ref={toggle}
            type="button"
            aria-label={t('header.menu')}
            aria-expanded={mobileOpen}
            aria-controls={mobileId}
            onClick={() => setMobileOpen((open) => !open)}
          >
            <MenuIcon />
          </MobileToggle>
        </Actions>
        {mobileOpen ? (
          <MobileMenu
            ref={mobileMenu}
            id={mobileId}
            aria-label={t('header.mobile')}
            // A chosen link closes the menu, also one that changes no path (#contact, the current page).
            onClick={(event) => {
              if ((event.target as Element).closest('a')) closeMobile()
            }}
          >
            <ul>
              <LinkItem to="/products">{t('header.shop')}</LinkItem>
              <MedicineMenuItem />
              <LinkItem to="/allShop">{t('header.stores')}</LinkItem>
              <LinkItem href="#contact">{t('header.contact')}</LinkItem>
              <LinkItem href="#about">{t('header.about')}</LinkItem>
              <LinkItem href={site.chatUrl} external>
                {t('header.chat')}
              </LinkItem>
              {user?.isAdmin ? <LinkItem to={links.backOffice()}>{t('header.backOffice')}</LinkItem> : null}
              {user ? (
                <AccountItems onDone={closeMobile} />
              ) : (
                <LinkItem to={loginPath(`${pathname}${search}`)}>{t('header.signIn')}</LinkItem>
              )}
            </ul>
          </MobileMenu>
        ) : null}
      </Bar>
    </header>
  )
}
