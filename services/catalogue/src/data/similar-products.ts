import type { ProductRecord } from '../domain/product-view'
import { categoryKey } from '../domain/search'
import { Prisma } from '../generated/prisma/client'
import type { Db } from './db'
import { COLUMNS, FROM } from './products'

/**
 * How close a name's best-matching word run must be to the search (pg_trgm word similarity, 0..1).
 * 0.5 lets one slip through ('paracetmol' → Paracetamol 0.64, 'ashwagnda' → Ashwagandha 0.60) while
 * unrelated names stay out ('paracetmol' vs Pantoprazole 0.18).
 */
export const SIMILARITY_THRESHOLD = 0.5

/**
 * Products whose name is like `q` allowing for typing slips, closest first. `q <% name` is answered
 * from the trigram GIN index (product_name_trgm_idx), so it stays quick on a large catalogue; the
 * threshold is set for this transaction only.
 */
export function similarProducts(
  db: Db,
  q: string,
  category: string | undefined,
  limit: number,
): Promise<ProductRecord[]> {
  const inCategory = category
    ? Prisma.sql`AND p.category_id = (SELECT id FROM category WHERE name_key = ${categoryKey(category)})`
    : Prisma.empty
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(SIMILARITY_THRESHOLD)}, true)`
    return tx.$queryRaw<ProductRecord[]>`SELECT ${COLUMNS} ${FROM}
      WHERE ${q} <% p.name ${inCategory}
      ORDER BY word_similarity(${q}, p.name) DESC, p.name ASC, p.id ASC
      LIMIT ${limit}`
  })
}
