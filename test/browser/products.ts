/** A demo product as the journeys read it from GET /product. */
export interface DemoProduct {
  _id: string
  name: string
  category: string
  price: number
  description: string
  stock: number
  schedule?: string
}

/**
 * Demo products anyone may order with no prescription (OTC) and at least `minStock` in stock: what a
 * journey that is not about prescriptions buys (an H or H1 medicine would stop its checkout at the
 * prescription step, an X one at the cart).
 */
export async function orderableProducts(gatewayUrl: string, minStock = 10): Promise<DemoProduct[]> {
  const res = await fetch(`${gatewayUrl}/product?limit=100&page=1&sort=name`)
  if (!res.ok) throw new Error(`GET /product: ${res.status}`)
  const { products } = (await res.json()) as { products: DemoProduct[] }
  return products.filter((p) => (p.schedule ?? 'OTC') === 'OTC' && p.stock >= minStock)
}
