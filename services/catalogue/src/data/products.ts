import type { ProductRecord } from '../domain/product-view'
import type { Queryable, Tx } from './db'

// Reads go through SQL so a list never touches image bytes. Searching and paging are the search index's
// (domain/product-search-index.ts); it hands out ids and the rows are read here or in search-reads.ts.
export const COLUMNS = `p.id::text AS id, p.name, c.name AS category, p.price_paise AS "pricePaise",
  p.description, p.image_id AS "imageId", p.stock, p.requires_prescription AS "requiresPrescription"`
export const FROM = 'FROM product p JOIN category c ON c.id = p.category_id'

export async function findProduct(db: Queryable, id: string): Promise<ProductRecord | undefined> {
  const [row] = await db.$queryRawUnsafe<ProductRecord[]>(
    `SELECT ${COLUMNS} ${FROM} WHERE p.id = $1::uuid`,
    id,
  )
  return row
}

export type ProductData = {
  name: string
  categoryId: string
  pricePaise: number
  description: string
  imageId: string
  stock: number
  requiresPrescription: boolean
}

/** What an edit sets: the picture, the stock and the prescription flag stay as they are when not given. */
export type ProductChanges = Omit<ProductData, 'imageId' | 'stock' | 'requiresPrescription'> &
  Partial<Pick<ProductData, 'imageId' | 'stock' | 'requiresPrescription'>>

export async function insertProduct(tx: Tx, data: ProductData): Promise<string> {
  const [row] = await tx.$queryRawUnsafe<{ id: string }[]>(
    `INSERT INTO product (id, name, category_id, price_paise, description, image_id, stock, requires_prescription)
     VALUES (gen_random_uuid(), $1, $2::uuid, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
    data.name,
    data.categoryId,
    data.pricePaise,
    data.description,
    data.imageId,
    data.stock,
    data.requiresPrescription,
  )
  return row!.id
}

/** Updates a product; false when there is no such product. */
export async function updateProduct(tx: Tx, id: string, changes: ProductChanges): Promise<boolean> {
  const count = await tx.$executeRawUnsafe(
    `UPDATE product SET name = $2, category_id = $3::uuid, price_paise = $4, description = $5,
       image_id = COALESCE($6, image_id), stock = COALESCE($7::int, stock),
       requires_prescription = COALESCE($8::boolean, requires_prescription), updated_at = now()
     WHERE id = $1::uuid`,
    id,
    changes.name,
    changes.categoryId,
    changes.pricePaise,
    changes.description,
    changes.imageId ?? null,
    changes.stock ?? null,
    changes.requiresPrescription ?? null,
  )
  return count === 1
}

/** Locks a product row for the rest of the transaction and returns its image and stock. */
export async function lockProduct(tx: Tx, id: string) {
  const [row] = await tx.$queryRawUnsafe<{ imageId: string; stock: number; requiresPrescription: boolean }[]>(
    `SELECT image_id AS "imageId", stock, requires_prescription AS "requiresPrescription"
     FROM product WHERE id = $1::uuid FOR UPDATE`,
    id,
  )
  return row
}

export async function deleteProduct(tx: Tx, id: string): Promise<{ imageId: string } | undefined> {
  const [row] = await tx.$queryRawUnsafe<{ imageId: string }[]>(
    `DELETE FROM product WHERE id = $1::uuid RETURNING image_id AS "imageId"`,
    id,
  )
  return row
}

/** Inserts products with their ids (the demo seed), in one statement. */
export async function insertProducts(tx: Tx, products: (ProductData & { id: string })[]): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO product (id, name, category_id, price_paise, description, image_id, stock, requires_prescription)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::int[], $5::text[], $6::text[], $7::int[], $8::boolean[])`,
    products.map((p) => p.id),
    products.map((p) => p.name),
    products.map((p) => p.categoryId),
    products.map((p) => p.pricePaise),
    products.map((p) => p.description),
    products.map((p) => p.imageId),
    products.map((p) => p.stock),
    products.map((p) => p.requiresPrescription),
  )
}
