import type { Queryable, Tx } from './db'

/** A shop row as the API needs it (the rating, numeric(2,1) in the table, as a number). */
export type ShopRow = {
  id: string
  name: string
  ownerName: string
  logoId: string
  bannerId: string
  city: string
  location: string
  postalCode: string
  phone: string
  email: string
  rating: number
  totalReview: number
  isOpen: boolean
  hasOwnDelivery: boolean
  isDeliveryFree: boolean
  latitude: number | null
  longitude: number | null
}

const SHOP_COLUMNS = `id::text AS id, name, owner_name AS "ownerName", logo_id AS "logoId", banner_id AS "bannerId",
  city, location, postal_code AS "postalCode", phone, email, rating::float8 AS rating,
  total_review AS "totalReview", is_open AS "isOpen", has_own_delivery AS "hasOwnDelivery",
  is_delivery_free AS "isDeliveryFree", latitude, longitude`

export async function listShops(
  db: Queryable,
  page: { skip: number; take: number },
): Promise<{ shops: ShopRow[]; total: number }> {
  const [shops, [count]] = await Promise.all([
    db.$queryRawUnsafe<ShopRow[]>(
      `SELECT ${SHOP_COLUMNS} FROM shop ORDER BY name, id LIMIT $1 OFFSET $2`,
      page.take,
      page.skip,
    ),
    db.$queryRawUnsafe<{ total: number }[]>('SELECT count(*)::int AS total FROM shop'),
  ])
  return { shops, total: count!.total }
}

export async function findShop(db: Queryable, id: string): Promise<ShopRow | undefined> {
  const [row] = await db.$queryRawUnsafe<ShopRow[]>(
    `SELECT ${SHOP_COLUMNS} FROM shop WHERE id = $1::uuid`,
    id,
  )
  return row
}

/** Inserts shops (the demo seed), each with a new id, in one statement. */
export async function insertShops(tx: Tx, shops: Omit<ShopRow, 'id'>[]): Promise<void> {
  const column = <K extends keyof Omit<ShopRow, 'id'>>(key: K) => shops.map((shop) => shop[key])
  await tx.$executeRawUnsafe(
    `INSERT INTO shop (id, name, owner_name, logo_id, banner_id, city, location, postal_code, phone, email, rating,
       total_review, is_open, has_own_delivery, is_delivery_free, latitude, longitude)
     SELECT gen_random_uuid(), * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
       $7::text[], $8::text[], $9::text[], $10::numeric[], $11::int[], $12::boolean[], $13::boolean[], $14::boolean[],
       $15::float8[], $16::float8[])`,
    column('name'),
    column('ownerName'),
    column('logoId'),
    column('bannerId'),
    column('city'),
    column('location'),
    column('postalCode'),
    column('phone'),
    column('email'),
    column('rating'),
    column('totalReview'),
    column('isOpen'),
    column('hasOwnDelivery'),
    column('isDeliveryFree'),
    column('latitude'),
    column('longitude'),
  )
}
