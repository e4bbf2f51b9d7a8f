import { useEffect } from 'react'

// A local stand-in: web-client has no shared usePageTitle yet (the shell helper may add one; then use it).
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} · Medicine Store`
  }, [title])
}
