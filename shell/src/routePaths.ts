/**
 * Which part of the shop answers a path, as the shell's router and its static server both decide it:
 * the shell's own pages, else the remote whose prefix (from `/remotes.json`) covers the path, if that
 * remote has a route for it. A path nobody owns gets the friendly not-found page with HTTP 404 (search
 * engines and link checkers see the truth). Keep it free of React: the server imports it.
 */
import type { RemoteName, RemotesTable } from '@medstore/remote-contracts'
import { policyPaths } from './pages/policies/paths.ts'

/** The shell's own routes; everything else belongs to a remote. */
export const shellOwnPaths = [
  '/login',
  '/registration',
  '/forgot-password',
  '/reset-password',
  '/account',
  ...policyPaths,
] as const

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

export const isShellPath = (pathname: string): boolean =>
  shellOwnPaths.some((pattern) => matchesRoute(pattern, pathname))

/** The remote whose prefixes cover `pathname` (the first in table order), if any. */
export function remoteOwning(pathname: string, table: RemotesTable): RemoteName | undefined {
  const names = Object.keys(table) as RemoteName[]
  return names.find((name) => table[name].prefixes.some((prefix) => matchesRoute(prefix, pathname)))
}

/**
 * The remote's routes that lie under its prefixes: a remote cannot claim a path the table gives to
 * another remote or to the shell.
 */
export const routesWithin = (routes: readonly string[], prefixes: readonly string[]): string[] =>
  routes.filter((route) => prefixes.some((prefix) => matchesRoute(prefix, route)))

/**
 * Whether some page of the shop answers `pathname`. `routesOf` gives a remote's published route
 * patterns, or undefined when they cannot be had (the remote is down): then the path counts as known,
 * since the page will show the remote's "unavailable" fallback rather than "not found".
 */
export function isKnownPath(
  pathname: string,
  table: RemotesTable,
  routesOf: (remote: RemoteName) => readonly string[] | undefined,
): boolean {
  if (isShellPath(pathname)) return true
  const owner = remoteOwning(pathname, table)
  if (!owner) return false
  const routes = routesOf(owner)
  if (routes === undefined) return true
  return routesWithin(routes, table[owner].prefixes).some((route) => matchesRoute(route, pathname))
}
