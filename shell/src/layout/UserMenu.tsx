import { loginPath, signOut, toast, useUser } from '@medstore/web-client'
import { useEffect, useId, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import styled from 'styled-components'
import { IconLink, Menu, MenuButton } from './headerStyles.ts'
import { UserIcon } from './icons.tsx'
import { LinkItem } from './LinkItem.tsx'

const Wrap = styled.div`
  position: relative;
`

/** Spec: Log Out forgets the profile, says so, and goes home. */
function useLogOut(): () => void {
  const navigate = useNavigate()
  return () => {
    signOut()
    toast.success('Log Out Successful')
    navigate('/')
  }
}

/** A signed-in user's entries, in the user menu and in the mobile menu: My Orders and Log Out. */
export function AccountItems() {
  const logOut = useLogOut()
  return (
    <>
      <LinkItem to="/my-orders">My Orders</LinkItem>
      <li>
        <button type="button" onClick={logOut}>
          Log Out
        </button>
      </li>
    </>
  )
}

/**
 * Guests get the user icon linking to /login (coming back here afterwards); a signed-in user gets their
 * name, which opens a small menu with My Orders and Log Out.
 */
export function UserMenu() {
  const user = useUser()
  const { pathname, search } = useLocation()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const wrap = useRef<HTMLDivElement>(null)

  // Close on navigation, on Escape and on a click elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a location change
  useEffect(() => setOpen(false), [pathname, search])
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false)
    const onClick = (event: MouseEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('mousedown', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('mousedown', onClick)
    }
  }, [open])

  if (!user) {
    return (
      <IconLink to={loginPath(`${pathname}${search}`)} aria-label="Sign in" title="Sign in">
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
        <UserIcon />
        <span>{user.name}</span>
      </MenuButton>
      <Menu id={menuId} hidden={!open}>
        <AccountItems />
      </Menu>
    </Wrap>
  )
}
