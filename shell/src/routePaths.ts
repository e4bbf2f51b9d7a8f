/**
 * Every path the shell's router answers with a page of its own or a remote's, as a list the shell's
 * static server can check too: a path nobody owns gets the friendly not-found page with HTTP 404
 * (search engines and link checkers see the truth). Keep it free of React: the server imports it.
 */
import { remoteRoutes } from './federation/remoteTable.ts'
import { policyPaths } from './pages/policies/paths.ts'

/** The shell's own routes (the back-office root redirects to its dashboard). */
export const shellOwnPaths = ['/login', '/registration', ...policyPaths, '/vendor'] as const

export const knownPaths: readonly string[] = [...shellOwnPaths, ...remoteRoutes.map((route) => route.path)]

/**
 * Whether `pathname` matches a route pattern as the router matches it: `:name` is one non-empty
 * segment, a trailing `*` any rest (also none), letters in any case, a trailing slash ignored.
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean)
  const have = pathname.split('/').filter(Boolean)
  for (const [index, part] of want.entries()) {
    if (part === '*' && index === want.length - 1) return true
    const segment = have[index]
    if (segment === undefined) return false
    if (!part.startsWith(':') && part.toLowerCase() !== segment.toLowerCase()) return false
  }
  return have.length === want.length
}

/** Whether some page of the shop answers `pathname` (the static server answers 404 otherwise). */
export const isKnownPath = (pathname: string): boolean =>
  knownPaths.some((pattern) => matchesRoute(pattern, pathname))
