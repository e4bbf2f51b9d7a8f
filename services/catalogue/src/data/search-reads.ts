import type { Composition } from '@medstore/contracts/medicine'
import type { createPool } from '@medstore/service-kit/prisma'
import type { ProductRecord } from '../domain/product-view'
import { ingredientsText } from '../domain/search'
import type { SearchEntry } from '../search/product-search-index'
import { COLUMNS, FROM } from './products'

// The search's reads go through a plain pg pool: they run on every listing and search, and a Prisma
// raw query costs several times the database's own work in client-side CPU (bench/PROFILE.md).

export type Pool = ReturnType<typeof createPool>

const ENTRY = `SELECT p.id::text AS id, p.name, c.name_key AS "categoryKey", p.price_paise AS "pricePaise",
  (extract(epoch FROM p.created_at) * 1000)::float8 AS "createdAt", p.composition,
  p.key_ingredients AS "keyIngredients"
  FROM product p JOIN category c ON c.id = p.category_id`

type EntryRow = Omit<SearchEntry, 'ingredients'> & { composition: Composition; keyIngredients: string[] }

const entryOf = ({ composition, keyIngredients, ...row }: EntryRow): SearchEntry => ({
  ...row,
  ingredients: ingredientsText(composition, keyIngredients),
})

/** Rows a page of the whole catalogue's entries: small enough that a page's row objects are a few MB. */
const PAGE_SIZE = 5_000

/**
 * What the search index needs of every product, a page at a time in id order (keyset: each page starts
 * after the last id of the previous one, so every page costs the same). Pages are separate reads: a
 * product changed meanwhile may be seen in either state, and its notification brings the index up to date.
 */
export async function* allSearchEntries(pool: Pool, pageSize = PAGE_SIZE): AsyncGenerator<SearchEntry[]> {
  let after = '00000000-0000-0000-0000-000000000000'
  for (;;) {
    const { rows } = await pool.query<EntryRow>({
      name: 'search-entries-page',
      text: `${ENTRY} WHERE p.id > $1::uuid ORDER BY p.id LIMIT $2`,
      values: [after, pageSize],
    })
    if (rows.length > 0) yield rows.map(entryOf)
    if (rows.length < pageSize) return
    after = rows.at(-1)!.id
  }
}

/** The index entries of these products; a product that no longer exists has none. */
export async function searchEntriesOf(pool: Pool, ids: string[]): Promise<SearchEntry[]> {
  return (await pool.query<EntryRow>(`${ENTRY} WHERE p.id = ANY($1::uuid[])`, [ids])).rows.map(entryOf)
}

const PAGE_ROWS = `SELECT ${COLUMNS} ${FROM} WHERE p.id = ANY($1::uuid[])`

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
