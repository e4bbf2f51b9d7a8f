/** A product as the order service's replica knows it. */
export type PricedProduct = {
  id: string
  name: string
  category: string
  image: string
  pricePaise: number
  deleted: boolean
  /** OTC, H, H1 or X: what the prescription rule reads (see prescription-rule.ts). */
  schedule: string
}

export type OrderLine = {
  productId: string
  name: string
  category: string
  image: string
  unitPricePaise: number
  quantity: number
  /** The product's schedule when ordered. */
  schedule: string
}

export type Pricing =
  | { ok: true; lines: OrderLine[]; totalPaise: number }
  | { ok: false; missing: { productId: string; name?: string } }

/**
 * Prices every line from the catalogue replica (a price sent by the client is never read): line total = unit
 * price × quantity, total = sum of lines; free delivery and no tax, as the shop advertises.
 */
export function priceOrder(
  items: { productId: string; quantity: number }[],
  products: Map<string, PricedProduct>,
): Pricing {
  const lines: OrderLine[] = []
  for (const item of items) {
    const product = products.get(item.productId)
    if (!product || product.deleted)
      return { ok: false, missing: { productId: item.productId, name: product?.name || undefined } }
    lines.push({
      productId: product.id,
      name: product.name,
      category: product.category,
      image: product.image,
      unitPricePaise: product.pricePaise,
      quantity: item.quantity,
      schedule: product.schedule,
    })
  }
  const totalPaise = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0)
  return { ok: true, lines, totalPaise }
}
