import type { NavigationEntry } from '@medstore/remote-contracts'
import { theme, useOverlay } from '@medstore/ui'
import { loginPath, toast, useUser } from '@medstore/web-client'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router-dom'
import styled from 'styled-components'
import { useFrameNavigation } from '../federation/useFrameNavigation.ts'
import { ErrorBoundary } from '../pages/ErrorBoundary.tsx'
import { ErrorPage } from '../pages/ErrorPage.tsx'
import { site } from '../site.ts'
import { frameTitle } from './frameNavigation.ts'
import { useHeaderBottom } from './Header.tsx'
import { MenuIcon } from './icons.tsx'
import { MAIN_ID, SkipLink } from './SkipLink.tsx'
import { useLogOut } from './UserMenu.tsx'

/** Told to a signed-in customer sent away from the back-office. */
export const ADMINS_ONLY = 'The back-office is for administrators.'

const SIDEBAR_WIDTH = 220

const Frame = styled.div<{ $collapsed: boolean }>`
  display: grid;
  grid-template-columns: ${(p) => (p.$collapsed ? 'minmax(0, 1fr)' : `${SIDEBAR_WIDTH}px minmax(0, 1fr)`)};
  min-height: 100vh;
  background: ${theme.color.background};

  @media (max-width: ${theme.mobile}) {
    grid-template-columns: minmax(0, 1fr);
  }
`

const Sidebar = styled.nav<{ $open: boolean; $collapsed: boolean }>`
  position: sticky;
  top: 0;
  height: 100vh;
  overflow-y: auto;
  padding: 16px;
  background: ${theme.color.brandDark};
  color: #fff;
  ${(p) => (p.$collapsed ? 'display: none;' : '')}

  .brand {
    display: block;
    margin-bottom: 16px;
    color: #fff;
    font-size: 1.15rem;
    font-weight: 800;
    text-decoration: none;
  }

  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  ul a {
    display: block;
    padding: 9px 10px;
    border-radius: ${theme.radius};
    color: ${theme.color.brandLight};
    text-decoration: none;
  }

  ul a:hover {
    background: rgba(255, 255, 255, 0.08);
  }

  ul a.active {
    background: rgba(255, 255, 255, 0.16);
    color: #fff;
    font-weight: 700;
  }

  :focus-visible {
    outline-color: ${theme.color.focusOnDark};
  }

  /* Phones: a drawer over the page, opened from the top bar's Menu button. */
  @media (max-width: ${theme.mobile}) {
    position: fixed;
    inset: 0 auto 0 0;
    z-index: 60;
    width: min(${SIDEBAR_WIDTH + 40}px, 85vw);
    box-shadow: ${theme.shadow};
    display: ${(p) => (p.$open ? 'block' : 'none')};
  }
`

const Column = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`

const TopBar = styled.header`
  position: sticky;
  top: 0;
  z-index: 40;
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: 56px;
  padding: 8px 16px;
  background: ${theme.color.surface};
  border-bottom: 1px solid ${theme.color.border};

  .title {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    font-weight: 700;
    color: ${theme.color.brandDark};
    white-space: nowrap;
    text-overflow: ellipsis;
  }

  .user {
    min-width: 0;
    max-width: 22ch;
    overflow: hidden;
    color: ${theme.color.muted};
    white-space: nowrap;
    text-overflow: ellipsis;
  }

  button {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    flex-shrink: 0;
    padding: 8px 12px;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius};
    background: ${theme.color.surface};
    color: ${theme.color.text};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }

  button:hover {
    background: ${theme.color.brandLighter};
  }

  /* Phones: the name (cut short when long) takes the title's place, beside Log Out. */
  @media (max-width: 480px) {
    .title {
      display: none;
    }

    .user {
      flex: 1;
      max-width: none;
      text-align: right;
    }
  }
`

const Main = styled.main`
  flex: 1;
  min-width: 0;
  padding: 24px;

  &:focus {
    outline: none;
  }

  @media (max-width: ${theme.mobile}) {
    padding: 16px 12px;
  }
`

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 55;
  background: rgba(15, 23, 42, 0.4);

  @media (min-width: 769px) {
    display: none;
  }
`

const phoneQuery = `(max-width: ${theme.mobile})`
const isPhone = () => typeof window !== 'undefined' && window.matchMedia?.(phoneQuery).matches === true

/** The back-office frame with the navigation its remote (mfe-vendor) publishes at run time. */
export function BackOfficeLayout() {
  return <BackOfficeFrame navigation={useFrameNavigation('back-office')} />
}

/**
 * The back-office frame around mfe-vendor's panels: skip link, sidebar (logo link to /, one link per
 * entry of `navigation`; a toggle collapses it, and on phones it is a drawer), and a top bar with the
 * toggle, the open entry's label as title, the signed-in administrator's name and Log Out. Only
 * administrators get in (a guest is offered the sign-in page first; a customer goes home and is told
 * why). A convenience: the API refuses non-administrators with 403 regardless.
 */
export function BackOfficeFrame({ navigation }: { navigation: readonly NavigationEntry[] }) {
  const { pathname, search } = useLocation()
  const user = useUser()
  const logOut = useLogOut()
  const [sidebarOpen, setSidebarOpen] = useState(false) // the phone drawer
  const [collapsed, setCollapsed] = useState(false) // the desktop sidebar
  const sidebarId = useId()
  const toggle = useRef<HTMLButtonElement>(null)
  const topBar = useRef<HTMLElement>(null)
  useHeaderBottom(topBar) // the toasts sit below the top bar, clear of Log Out
  const drawer = useOverlay<HTMLElement>(sidebarOpen, () => setSidebarOpen(false), { inside: [toggle] })
  const refused = user !== null && !user.isAdmin
  // Log Out here goes home; until the router gets there, the signed-out frame must not send the user
  // to the sign-in page instead.
  const leaving = useRef(false)

  useEffect(() => {
    if (refused) toast.error(ADMINS_ONLY)
  }, [refused])
  // biome-ignore lint/correctness/useExhaustiveDependencies: choosing a panel closes the phone drawer
  useEffect(() => setSidebarOpen(false), [pathname])

  if (!user) return leaving.current ? null : <Navigate to={loginPath(`${pathname}${search}`)} replace />
  if (refused) return <Navigate to="/" replace />

  const onToggle = () => (isPhone() ? setSidebarOpen((open) => !open) : setCollapsed((value) => !value))
  const expanded = isPhone() ? sidebarOpen : !collapsed
  return (
    <>
      <SkipLink />
      <Frame $collapsed={collapsed}>
        <Sidebar
          ref={drawer}
          id={sidebarId}
          aria-label="Back-office"
          $open={sidebarOpen}
          $collapsed={collapsed}
        >
          <Link className="brand" to="/">
            {site.name}
          </Link>
          <ul>
            {navigation.map(({ path, label }) => (
              <li key={path}>
                <NavLink to={path}>{label}</NavLink>
              </li>
            ))}
          </ul>
        </Sidebar>
        {sidebarOpen ? <Backdrop /> : null}
        <Column>
          <TopBar ref={topBar}>
            <button
              ref={toggle}
              type="button"
              aria-label="Back-office menu"
              aria-expanded={expanded}
              aria-controls={sidebarId}
              onClick={onToggle}
            >
              <MenuIcon />
            </button>
            <span className="title">{frameTitle(navigation, pathname, 'Back-office')}</span>
            <span className="user" title={user.name}>
              {user.name}
            </span>
            <button
              type="button"
              onClick={() => {
                leaving.current = true
                logOut()
              }}
            >
              Log Out
            </button>
          </TopBar>
          <Main id={MAIN_ID} tabIndex={-1}>
            <ErrorBoundary resetKey={pathname} fallback={() => <ErrorPage />}>
              <Outlet />
            </ErrorBoundary>
          </Main>
        </Column>
      </Frame>
    </>
  )
}
