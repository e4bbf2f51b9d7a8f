import { theme, useOverlay } from '@medstore/ui'
import { loginPath, signOut, toast, useUser } from '@medstore/web-client'
import { useEffect, useId, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import styled from 'styled-components'
import { accountMenu } from '../federation/accountMenu.ts'
import { useRemotesChanges } from '../federation/useRemotes.ts'
import { t as tNow, useT } from '../i18n.ts'
import { IconLink, Menu, MenuButton } from './headerStyles.ts'
import { UserIcon } from './icons.tsx'
import { LinkItem } from './LinkItem.tsx'

const Wrap = styled.div`
  position: relative;
`

/** The user's initials in a disc: the name's short form where the header has no room for it. */
const Initials = styled.span`
  display: inline-grid;
  place-items: center;
  width: 30px;
  height: 30px;
  border-radius: 50%;
  background: ${theme.color.brandDark};
  color: #fff;
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.02em;
`

/** The full name from 1024 px up (cut with an ellipsis when long); below, read by screen readers only. */
const Name = styled.span`
  max-width: 14ch;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;

  @media (max-width: 1023px) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
`

/** 'Asha Rao' → 'AR'; one word → its first letter; nothing usable → '?'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1)
  const text = letters.map((word) => [...(word ?? '')][0]?.toLocaleUpperCase() ?? '').join('')
  return text || '?'
}

/** Spec: Log Out forgets the profile, says so, and goes home. */
export function useLogOut(): () => void {
  const navigate = useNavigate()
  return () => {
    // Forgets the user at once; the server is told in the background (its refresh token revoked).
    void signOut()
    toast.success(tNow('account.loggedOut'))
    navigate('/')
  }
}

/**
 * A signed-in user's entries, in the user menu and in the mobile menu: the pages the remotes publish
 * (../federation/accountMenu.ts: mfe-checkout's My Orders and My Prescriptions), then the shell's own,
 * Account security (password, sessions) and Log Out. `onDone` closes the menu they are in (Log Out on the
 * home page changes no location to close it).
 */
export function AccountItems({ onDone }: { onDone?: () => void }) {
  const t = useT()
  const logOut = useLogOut()
  useRemotesChanges()
  return (
    <>
      {accountMenu().map((entry) => (
        <LinkItem key={entry.path} to={entry.path}>
          {entry.label[t.language] ?? entry.label.en}
        </LinkItem>
      ))}
      <LinkItem to="/account">{t('account.menu')}</LinkItem>
      <li>
        <button
          type="button"
          onClick={() => {
            onDone?.()
            logOut()
          }}
        >
          {t('account.logOut')}
        </button>
      </li>
    </>
  )
}

/**
 * Guests get the user icon linking to /login (coming back here afterwards); a signed-in user gets their
 * initials and name, which open a small menu with their account's pages and Log Out. The menu keeps focus while it
 * is open, and Escape, a press elsewhere or a choice closes it, focus going back to the button.
 */
export function UserMenu() {
  const t = useT()
  const user = useUser()
  const { pathname, search } = useLocation()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const menu = useRef<HTMLUListElement>(null)
  const close = () => setOpen(false)
  const wrap = useOverlay<HTMLDivElement>(open, close, { initialFocus: menu })
  // Log Out removes the menu button that had focus; the 'Sign in' link takes its place, so focus
  // goes there rather than falling to the page.
  const signIn = useRef<HTMLAnchorElement>(null)
  const loggedOutHere = useRef(false)
  useEffect(() => {
    if (user || !loggedOutHere.current) return
    loggedOutHere.current = false
    signIn.current?.focus()
  }, [user])

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a location change
  useEffect(() => setOpen(false), [pathname, search])

  if (!user) {
    return (
      <IconLink
        ref={signIn}
        to={loginPath(`${pathname}${search}`)}
        aria-label={t('header.signIn')}
        title={t('header.signIn')}
      >
        <UserIcon />
      </IconLink>
    )
  }
  return (
    <Wrap ref={wrap}>
      <MenuButton
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Initials aria-hidden="true">{initialsOf(user.name)}</Initials>
        <Name>{user.name}</Name>
      </MenuButton>
      <Menu ref={menu} id={menuId} hidden={!open}>
        <AccountItems
          onDone={() => {
            loggedOutHere.current = true
            close()
          }}
        />
      </Menu>
    </Wrap>
  )
}
