import type { createPool } from '@medstore/service-kit/prisma'
import type { SearchEntry } from '../domain/product-search-index'
import type { ProductRecord } from '../domain/product-view'
import { COLUMNS, FROM } from './products'

// The search's reads go through a plain pg pool: they run on every listing and search, and a Prisma
// raw query costs several times the database's own work in client-side CPU (bench/PROFILE.md).

export type Pool = ReturnType<typeof createPool>

const ENTRY = `SELECT p.id::text AS id, p.name, c.name_key AS "categoryKey", p.price_paise AS "pricePaise",
  (extract(epoch FROM p.created_at) * 1000)::float8 AS "createdAt"
  FROM product p JOIN category c ON c.id = p.category_id`

/** What the search index needs of every product. */
export async function allSearchEntries(pool: Pool): Promise<SearchEntry[]> {
  return (await pool.query<SearchEntry>(ENTRY)).rows
}

/** The index entries of these products; a product that no longer exists has none. */
export async function searchEntriesOf(pool: Pool, ids: string[]): Promise<SearchEntry[]> {
  return (await pool.query<SearchEntry>(`${ENTRY} WHERE p.id = ANY($1::uuid[])`, [ids])).rows
}

const PAGE_ROWS = `SELECT ${COLUMNS.text} ${FROM.text} WHERE p.id = ANY($1::uuid[])`

/** The products as the API shows them, in the order of `ids`; one deleted meanwhile is left out. */
export async function productsInOrder(pool: Pool, ids: string[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return []
  // Named: each connection parses and plans it once, not on every page.
  const { rows } = await pool.query<ProductRecord>({
    name: 'products-in-order',
    text: PAGE_ROWS,
    values: [ids],
  })
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}
