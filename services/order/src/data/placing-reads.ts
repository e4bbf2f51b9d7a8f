import type { DeliverySettings } from '@medstore/contracts/delivery'
import type { RawSql } from '@medstore/service-kit'
import { DELIVERY_SETTINGS_JSON, deliverySettingsOf } from '../delivery/delivery-settings-store'
import type { PricedProduct } from '../domain/pricing'

/**
 * What placing an order reads, in one round trip (plain SQL: it runs for every order placed): the
 * replica's rows for these ids, the order's number from the sequence, and the delivery settings that
 * promise its day. The number is taken before the order is written, so a placement that fails (a PIN code
 * not served, a product gone, no stock) leaves a gap, as order numbers may.
 */
export async function readForPlacing(
  sql: RawSql,
  ids: string[],
): Promise<{ products: Map<string, PricedProduct>; seq: number; delivery: DeliverySettings }> {
  const [row] = await sql.$queryRawUnsafe<
    { seq: number; products: PricedProduct[]; delivery: Parameters<typeof deliverySettingsOf>[0] }[]
  >(
    `SELECT nextval(pg_get_serial_sequence('orders', 'seq'))::int AS seq,
       COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'category', category, 'image', image,
         'pricePaise', price_paise, 'deleted', deleted, 'schedule', schedule, 'hsnCode', hsn_code,
         'gstRate', gst_rate, 'mrpPaise', mrp_paise)) FROM product WHERE id = ANY($1::text[])), '[]') AS products,
       ${DELIVERY_SETTINGS_JSON} AS delivery`,
    ids,
  )
  return {
    products: new Map(row!.products.map((p) => [p.id, p])),
    seq: row!.seq,
    delivery: deliverySettingsOf(row!.delivery),
  }
}
