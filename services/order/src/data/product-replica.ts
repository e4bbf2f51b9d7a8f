import { productReplica } from '@medstore/catalogue-kit'
import { toPaise } from '@medstore/contracts/money'

/** The catalogue's products as the order service prices them (and the dashboard groups them by category). */
export const orderProducts = productReplica({
  service: 'order',
  table: 'product',
  eventTimeColumn: 'source_at',
  columns: (p) => ({
    name: p.name,
    category: p.category,
    price_paise: toPaise(p.price),
    image: p.image,
    schedule: p.schedule,
    // Events from before the medicine facts carry none: MRP = price, HSN 3004 (medicaments), GST 5 %.
    hsn_code: p.hsnCode ?? '3004',
    gst_rate: p.gstRate ?? 5,
    mrp_paise: toPaise(p.mrp ?? p.price),
  }),
  // A deleted product leaves a tombstone, so it cannot be ordered again.
  deleted: { row: { name: '', category: '', price_paise: 0, image: '' }, reset: [] },
})
