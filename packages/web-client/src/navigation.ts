/**
 * Navigation from outside React (the API client's 401 handling). The shell registers its router's
 * navigate function; before that (or without a router) a full page load does the job.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void

let navigator: Navigate | undefined

export function setNavigator(navigate: Navigate | undefined): void {
  navigator = navigate
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigator) navigator(to, options)
  else if (options.replace) window.location.replace(to)
  else window.location.assign(to)
}

/** The current in-app location (path + query), for "come back here after signing in". */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`
}

const AUTH_PAGES = ['/login', '/registration']

/**
 * Where to go after signing in: an in-app path only (never `//evil.example` or `https://…`, which would
 * make the sign-in page an open redirect), and never back to a sign-in page.
 */
export function safeRedirect(from: string | null | undefined): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.includes('\\')) return '/'
  const pathname = from.split(/[?#]/, 1)[0] ?? '/'
  return AUTH_PAGES.includes(pathname) ? '/' : from
}

/** An auth page, remembering where the user was going (unless that is home). */
function authPath(page: '/login' | '/registration', from: string): string {
  const target = safeRedirect(from)
  return target === '/' ? page : `${page}?from=${encodeURIComponent(target)}`
}

/** `/login`, remembering where the user was going (unless that is home). */
export const loginPath = (from: string = currentPath()): string => authPath('/login', from)

/** `/registration` (the shell's sign-up page), remembering where the user was going. */
export const registrationPath = (from: string = currentPath()): string => authPath('/registration', from)
