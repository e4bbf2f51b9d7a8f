/**
 * The six services, their default ports and the documented path families the gateway routes to each.
 * One table, read by the gateway, the start-up script and the tests.
 */
export const SERVICES = [
  { name: 'identity', port: 4001, paths: ['/auth', '/user'] },
  { name: 'catalogue', port: 4002, paths: ['/category', '/product', '/shop', '/supplier'] },
  { name: 'cart', port: 4003, paths: ['/cart'] },
  { name: 'order', port: 4004, paths: ['/order'] },
  { name: 'review', port: 4005, paths: ['/review'] },
  { name: 'messaging', port: 4006, paths: ['/message'] },
] as const

export type ServiceName = (typeof SERVICES)[number]['name']
