import { useEffect } from 'react'

/**
 * The tab title `{title} | Medicine Store` (screen readers announce it on navigation). A local stand-in
 * for web-client's usePageTitle, which the shell's branch adds; swap to it once both are on main.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | Medicine Store`
  }, [title])
}
