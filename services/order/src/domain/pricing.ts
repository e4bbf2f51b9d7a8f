/** A product as the order service's replica knows it. */
export type PricedProduct = {
  id: string
  name: string
  category: string
  image: string
  pricePaise: number
  deleted: boolean
  /** The medicine facts the line keeps for its tax invoice (see OrderLine). */
  schedule: string
  hsnCode: string
  gstRate: number
  /** null: the catalogue gave none (the price stands for it). */
  mrpPaise: number | null
}

export type OrderLine = {
  productId: string
  name: string
  category: string
  image: string
  unitPricePaise: number
  quantity: number
  /** As the product was when ordered: its schedule, HSN code, GST rate (percent) and MRP per unit. */
  schedule: string
  hsnCode: string
  gstRate: number
  mrpPaise: number
}

export type Pricing =
  | { ok: true; lines: OrderLine[]; totalPaise: number }
  | { ok: false; missing: { productId: string; name?: string } }

/**
 * Prices every line from the catalogue replica (a price sent by the client is never read): line total = unit
 * price × quantity, total = sum of lines; free delivery, and prices include GST (the tax invoice derives it).
 * Each line keeps the product's medicine facts as they were when ordered.
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
      hsnCode: product.hsnCode,
      gstRate: product.gstRate,
      mrpPaise: product.mrpPaise ?? product.pricePaise,
    })
  }
  const totalPaise = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0)
  return { ok: true, lines, totalPaise }
}
