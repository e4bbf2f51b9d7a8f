/**
 * The realistic shopper mix of issue 16, as autocannon request lists: browse products 10 : view product 5 :
 * search 4 : view cart 3 : add to cart 2 : place order 1. Each connection is one virtual user with its own
 * customer token, going through the mix in a fixed interleaved order (so every user does every kind of
 * request in every 25 requests, not all its browsing first).
 */
import { orderBody } from './product'

export type Kind = 'browse' | 'product' | 'search' | 'cart' | 'add' | 'order'

export const MIX: Record<Kind, number> = { browse: 10, product: 5, search: 4, cart: 3, add: 2, order: 1 }

/**
 * Smooth weighted round robin (as nginx balances upstreams): each kind appears `weight` times in a cycle
 * of sum(weights), spread as evenly as the weights allow.
 */
export function interleave<K extends string>(weights: Record<K, number>): K[] {
  const kinds = Object.keys(weights) as K[]
  const total = kinds.reduce((sum, kind) => sum + weights[kind], 0)
  const current = new Map(kinds.map((kind) => [kind, 0]))
  const cycle: K[] = []
  for (let i = 0; i < total; i++) {
    for (const kind of kinds) current.set(kind, current.get(kind)! + weights[kind])
    const pick = kinds.reduce((best, kind) => (current.get(kind)! > current.get(best)! ? kind : best))
    current.set(pick, current.get(pick)! - total)
    cycle.push(pick)
  }
  return cycle
}

/** Which kind of the mix a request was, from its method and path (what the load tool reports back). */
export function kindOf(method: string, path: string): Kind {
  if (path.startsWith('/order')) return 'order'
  if (path.startsWith('/cart')) return method === 'POST' ? 'add' : 'cart'
  if (path.startsWith('/product/productById')) return 'product'
  return path.includes('q=') ? 'search' : 'browse'
}

const TERMS = ['paracetamol', 'ashwag', 'vitamin d3', 'syrup', 'tulsi', 'cetiri', 'churna', 'tablets']

export interface MixRequest {
  kind: Kind
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

/** One virtual user's cycle of requests; `user` varies where it starts and which products and terms it picks. */
export function userRequests(user: number, token: string, productIds: string[]): MixRequest[] {
  const headers = { authorization: `bearer ${token}`, 'content-type': 'application/json' }
  const counts = new Map<Kind, number>()
  const cycle = interleave(MIX)
  // Each user starts at its own point of the cycle. Started together at the same point, the users moved in
  // step: a hundred of one kind in a row, every order of the cycle within a third of a second (a burst far
  // above the mix's order rate), then a hundred product pages queued behind it.
  const start = user % cycle.length
  return [...cycle.slice(start), ...cycle.slice(0, start)].map((kind): MixRequest => {
    const n = user * 31 + (counts.get(kind) ?? 0)
    counts.set(kind, (counts.get(kind) ?? 0) + 1)
    const productId = productIds[n % productIds.length]!
    const term = TERMS[n % TERMS.length]!
    const requestOf: Record<Kind, () => Omit<MixRequest, 'kind' | 'headers'>> = {
      browse: () => ({ method: 'GET', path: `/product?limit=24&page=${1 + (n % 3)}` }),
      product: () => ({ method: 'GET', path: `/product/productById?productId=${productId}` }),
      search: () => ({ method: 'GET', path: `/product?q=${encodeURIComponent(term)}&limit=24` }),
      cart: () => ({ method: 'GET', path: '/cart' }),
      add: () => ({ method: 'POST', path: '/cart', body: JSON.stringify({ productId, quantity: 1 }) }),
      order: () => ({ method: 'POST', path: '/order', body: JSON.stringify(orderBody(n, productIds)) }),
    }
    return { kind, headers, ...requestOf[kind]() }
  })
}
