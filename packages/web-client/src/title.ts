import { useEffect } from 'react'

/** The site's name: the whole tab title on a page without its own, the suffix on every other one. */
export const SITE_TITLE = 'Medicine Store'

/** `{title} | Medicine Store`, or just the site's name when there is no page title (yet). */
export function pageTitle(title?: string | null): string {
  const own = title?.trim()
  return own ? `${own} | ${SITE_TITLE}` : SITE_TITLE
}

/**
 * Gives the page its own tab title (screen readers announce it on navigation; tabs and history tell
 * pages apart). Pass undefined while the page's subject is loading: the tab shows the site's name.
 */
export function usePageTitle(title?: string | null): void {
  const text = pageTitle(title)
  useEffect(() => {
    document.title = text
  }, [text])
}
