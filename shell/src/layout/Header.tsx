import { theme } from '@medstore/ui'
import { loginPath, useCartSummaryStore, useUser } from '@medstore/web-client'
import { useEffect, useId, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router-dom'
import styled from 'styled-components'
import { FIXED_HEADER_AFTER_PX, site } from '../site.ts'
import { Badge, IconAnchor, IconLink, MenuButton } from './headerStyles.ts'
import { CartIcon, ChatIcon, MenuIcon } from './icons.tsx'
import { LinkItem } from './LinkItem.tsx'
import { AccountItems, UserMenu } from './UserMenu.tsx'
import { useScrolledPast } from './useScrolledPast.ts'

const HEADER_HEIGHT = 64

const Bar = styled.header<{ $fixed: boolean }>`
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
`

/** Takes the header's place while it is fixed, so the page does not jump. */
const Spacer = styled.div`
  height: ${HEADER_HEIGHT}px;
`

const Brand = styled(Link)`
  font-size: 1.25rem;
  font-weight: 800;
  color: ${theme.color.brandDark};
  text-decoration: none;
  white-space: nowrap;
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

  @media (max-width: ${theme.mobile}) {
    display: none;
  }
`

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
`

const MobileToggle = styled(MenuButton)`
  display: none;

  @media (max-width: ${theme.mobile}) {
    display: inline-flex;
  }
`

const MobileMenu = styled.nav`
  position: absolute;
  top: ${HEADER_HEIGHT}px;
  left: 0;
  right: 0;
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
  }
`

function CartButton() {
  const itemCount = useCartSummaryStore((state) => state.itemCount)
  const openPanel = useCartSummaryStore((state) => state.openPanel)
  return (
    <MenuButton
      type="button"
      aria-label={itemCount > 0 ? `Cart, ${itemCount} item${itemCount === 1 ? '' : 's'}` : 'Cart'}
      aria-haspopup="dialog"
      onClick={openPanel}
    >
      <CartIcon />
      {itemCount > 0 ? <Badge aria-hidden="true">{itemCount > 99 ? '99+' : itemCount}</Badge> : null}
    </MenuButton>
  )
}

/**
 * The storefront header: brand, Shop / Contact Us / About, chat, the back-office link for administrators
 * (decided by `userInfo.isAdmin` only), the user menu and the cart button. It turns fixed after the page
 * scrolls past 100 px; below 768 px the links move into a menu.
 */
export function Header() {
  const user = useUser()
  const fixed = useScrolledPast(FIXED_HEADER_AFTER_PX)
  const { pathname, search } = useLocation()
  const [mobileOpen, setMobileOpen] = useState(false)
  const mobileId = useId()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a location change closes the mobile menu
  useEffect(() => setMobileOpen(false), [pathname, search])

  return (
    <>
      {fixed ? <Spacer /> : null}
      <Bar $fixed={fixed} data-fixed={fixed}>
        <Brand to="/">{site.name}</Brand>
        <Nav aria-label="Main">
          <NavLink to="/products">Shop</NavLink>
          <a href="#contact">Contact Us</a>
          <a href="#about">About</a>
        </Nav>
        <Actions>
          {user?.isAdmin ? (
            <IconLink to="/vendor/allOrders" title="Back-office">
              Back-office
            </IconLink>
          ) : null}
          <IconAnchor href={site.chatUrl} target="_blank" rel="noopener noreferrer" aria-label="Chat with us">
            <ChatIcon />
          </IconAnchor>
          <UserMenu />
          <CartButton />
          <MobileToggle
            type="button"
            aria-label="Menu"
            aria-expanded={mobileOpen}
            aria-controls={mobileId}
            onClick={() => setMobileOpen((open) => !open)}
          >
            <MenuIcon />
          </MobileToggle>
        </Actions>
        {mobileOpen ? (
          <MobileMenu id={mobileId} aria-label="Mobile">
            <ul>
              <LinkItem to="/products">Shop</LinkItem>
              <LinkItem to="/products">Medicine</LinkItem>
              <LinkItem to="/allShop">Stores</LinkItem>
              <LinkItem href="#contact">Contact Us</LinkItem>
              <LinkItem href="#about">About</LinkItem>
              {user ? <AccountItems /> : <LinkItem to={loginPath(`${pathname}${search}`)}>Sign in</LinkItem>}
            </ul>
          </MobileMenu>
        ) : null}
      </Bar>
    </>
  )
}
