/**
 * The services, their default ports and the documented path families the gateway routes to each: the one
 * list of service slices. The gateway's routes, `npm start`, the test shop, docker-compose.yml, the
 * PostgreSQL init script and the Kubernetes manifests are derived from it (`npm run slices` writes the files
 * that must stay on disk); `npm run new:service -- <name>` adds a row.
 */
export const SERVICES = [
  { name: 'identity', port: 4001, paths: ['/auth', '/user'] },
  { name: 'catalogue', port: 4002, paths: ['/category', '/product', '/shop', '/supplier'] },
  { name: 'cart', port: 4003, paths: ['/cart'] },
  { name: 'order', port: 4004, paths: ['/order', '/delivery'] },
  { name: 'review', port: 4005, paths: ['/review'] },
  { name: 'messaging', port: 4006, paths: ['/message'] },
  { name: 'prescription', port: 4007, paths: ['/prescription'] },
] as const

export type ServiceName = (typeof SERVICES)[number]['name']

/** A service's own PostgreSQL database: medstore_<name>. */
export const serviceDatabase = (name: string) => `medstore_${name}`

/** The environment variable holding a service's base URL for its callers (the gateway): <NAME>_URL. */
export const serviceUrlVariable = <T extends string>(name: T) =>
  `${name.toUpperCase() as Uppercase<T>}_URL` as const
