import type { Express } from 'express'

type Layer = {
  route?: { path: string | string[]; methods: Record<string, boolean> }
  handle?: { stack?: Layer[] }
}

/**
 * `METHOD /path` for every route an app serves (path parameters written `{name}` as in the contracts), read
 * from express's own routing table: what is served, however it was mounted. The authorisation matrix
 * checks each against the contracts.
 */
export function servedRoutes(app: Express): string[] {
  const walk = (stack: Layer[]): string[] =>
    stack.flatMap((layer) => {
      if (!layer.route) return layer.handle?.stack ? walk(layer.handle.stack) : []
      const { path, methods } = layer.route
      const paths = Array.isArray(path) ? path : [path]
      return Object.keys(methods)
        .filter((method) => methods[method] && method !== '_all')
        .flatMap((method) => paths.map((p) => `${method.toUpperCase()} ${p.replace(/:(\w+)/g, '{$1}')}`))
    })
  return walk((app as unknown as { router: { stack: Layer[] } }).router.stack)
}
