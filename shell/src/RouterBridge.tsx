import { setNavigator } from '@medstore/web-client'
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'

/**
 * Inside the router: hands its navigate function to the shared client (a 401 anywhere sends the user to
 * /login without a page load), and scrolls to the top when the path changes (spec: pages open at the top).
 */
export function RouterBridge() {
  const navigate = useNavigate()
  const { pathname, hash } = useLocation()

  useEffect(() => {
    setNavigator((to, options) => navigate(to, options))
    return () => setNavigator(undefined)
  }, [navigate])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is the trigger, not an input
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0)
  }, [pathname, hash])

  return null
}
