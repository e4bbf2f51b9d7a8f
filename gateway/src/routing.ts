import type { ApiRoute } from '@medstore/contracts'
import type { Upstream } from './config'

/**
 * The path family of a request: its first segment ("/product/productById" → "/product"). A family is
 * routed only when the whole segment matches, so "/userx" or "/products" are not "/user" or "/product".
 */
export function familyOf(path: string): string {
  const end = path.indexOf('/', 1)
  return end === -1 ? path : path.slice(0, end)
}

/** Family → upstream, one map lookup per request. */
export function familyTable(services: Upstream[]): Map<string, Upstream> {
  const table = new Map<string, Upstream>()
  for (const service of services) for (const family of service.paths) table.set(family, service)
  return table
}

/** The request path without its query and without one trailing slash (express treats both alike). */
export function pathOf(url: string): string {
  const q = url.indexOf('?')
  const path = q === -1 ? url : url.slice(0, q)
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

/**
 * Finds the documented route of a request, so the gateway can apply its access rule. Static paths are one
 * map lookup; paths with `{params}` are tried in order after that.
 */
export function routeMatcher(routes: ApiRoute[]) {
  const exact = new Map<string, ApiRoute>()
  const patterns: Array<{ method: string; pattern: RegExp; route: ApiRoute }> = []
  for (const route of routes) {
    const method = route.method.toUpperCase()
    if (!route.path.includes('{')) {
      exact.set(`${method} ${route.path}`, route)
      continue
    }
    const source = route.path
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+')
    patterns.push({ method, pattern: new RegExp(`^${source}$`), route })
  }
  return (method: string, path: string): ApiRoute | undefined => {
    const found = exact.get(`${method} ${path}`)
    if (found) return found
    for (const p of patterns) if (p.method === method && p.pattern.test(path)) return p.route
    return undefined
  }
}
export type RouteMatcher = ReturnType<typeof routeMatcher>
