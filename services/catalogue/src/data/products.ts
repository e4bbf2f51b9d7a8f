import type { Composition, Schedule } from '@medstore/contracts/medicine'
import type { Queryable, Tx } from './db'

/** A jsonb column holding a `T` (written as JSON text, read back parsed by the driver). */
const json = <T>(column: string) => ({ column, type: 'jsonb' as const, shape: undefined as unknown as T })

/**
 * The product table's columns, declared once: each stored field, its column and its SQL type. The
 * SELECT list, INSERT, UPDATE and the seed's bulk insert follow from it, and so do the record the
 * catalogue reads (ProductRecord) and what an insert or edit may set (ProductData). A new product field is
 * one line here (and its migration); a field the form sends under the same name is stored with no other
 * change to the use case (storedFieldsOf).
 */
const PRODUCT_COLUMNS = {
  name: { column: 'name', type: 'text' },
  /** Read as the category's name (`category`), set by id. */
  categoryId: { column: 'category_id', type: 'uuid', read: false },
  pricePaise: { column: 'price_paise', type: 'int' },
  description: { column: 'description', type: 'text' },
  imageId: { column: 'image_id', type: 'text' },
  stock: { column: 'stock', type: 'int' },
  /** OTC, H, H1 or X; requiresPrescription is derived from it (domain/product-view.ts). */
  schedule: { column: 'schedule', type: 'text', shape: undefined as unknown as Schedule },
  composition: json<Composition>('composition'),
  /** compositionKey(composition): substitutes are the products with the same key (btree index). */
  compositionKey: { column: 'composition_key', type: 'text', read: false },
  manufacturer: { column: 'manufacturer', type: 'text' },
  pack: { column: 'pack', type: 'text' },
  packUnits: { column: 'pack_units', type: 'int' },
  mrpPaise: { column: 'mrp_paise', type: 'int' },
  keyIngredients: json<string[]>('key_ingredients'),
  hsnCode: { column: 'hsn_code', type: 'text' },
  gstRate: { column: 'gst_rate', type: 'int' },
} as const satisfies Record<string, Column>

type SqlType = 'text' | 'uuid' | 'int' | 'boolean' | 'jsonb'
/** `shape` (a type only) narrows a text or jsonb column's value. */
type Column = { column: string; type: SqlType; nullable?: true; read?: false; shape?: unknown }
type Columns = typeof PRODUCT_COLUMNS
type ValueOf<C extends Column> =
  | (C extends { shape: infer T }
      ? T
      : C['type'] extends 'int'
        ? number
        : C['type'] extends 'boolean'
          ? boolean
          : string)
  | (C extends { nullable: true } ? null : never)

/** Every stored field of a product, as the catalogue writes it (category by id, money in paise). */
export type ProductData = { [K in keyof Columns]: ValueOf<Columns[K]> }

/** A product as the catalogue reads it from its tables (category by name, money in paise). */
export type ProductRecord = { id: string; category: string } & Omit<ProductData, Unread>
/** Fields written but not read back: the category is read by name, the composition key only matched on. */
type Unread = { [K in keyof Columns]: Columns[K] extends { read: false } ? K : never }[keyof Columns]

const FIELDS = Object.keys(PRODUCT_COLUMNS) as (keyof Columns)[]
const spec = (field: keyof Columns): Column => PRODUCT_COLUMNS[field]

/** The fields of `input` that are stored product fields under the same name (e.g. a form's stock). */
export function storedFieldsOf(input: Record<string, unknown>): Partial<ProductData> {
  return Object.fromEntries(
    FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]),
  ) as Partial<ProductData>
}

// Reads go through SQL so a list never touches image bytes. Searching and paging are the search index's
// (search/product-search-index.ts); it hands out ids and the rows are read here or in search-reads.ts.
export const COLUMNS = [
  'p.id::text AS id',
  'c.name AS category',
  ...FIELDS.filter((f) => spec(f).read !== false).map((f) => `p.${spec(f).column} AS "${f}"`),
].join(', ')
export const FROM = 'FROM product p JOIN category c ON c.id = p.category_id'

/** The fields given (undefined ones left out) with their columns, in declaration order. */
const given = (data: Partial<ProductData>) => FIELDS.filter((field) => data[field] !== undefined)

/** A value as its statement parameter: jsonb goes as JSON text (pg would send an array as a SQL array). */
const param = (field: keyof Columns, value: unknown) =>
  spec(field).type === 'jsonb' ? JSON.stringify(value) : value

export async function findProduct(db: Queryable, id: string): Promise<ProductRecord | undefined> {
  const [row] = await db.$queryRawUnsafe<ProductRecord[]>(
    `SELECT ${COLUMNS} ${FROM} WHERE p.id = $1::uuid`,
    id,
  )
  return row
}

/** What a new product must have; the other fields take their column's default when not given. */
export type NewProduct = Pick<
  ProductData,
  'name' | 'categoryId' | 'pricePaise' | 'mrpPaise' | 'description' | 'imageId'
> &
  Partial<ProductData>

export async function insertProduct(tx: Tx, data: NewProduct): Promise<string> {
  const fields = given(data)
  const [row] = await tx.$queryRawUnsafe<{ id: string }[]>(
    `INSERT INTO product (id, ${fields.map((f) => spec(f).column).join(', ')})
     VALUES (gen_random_uuid(), ${fields.map((f, i) => `$${i + 1}::${spec(f).type}`).join(', ')})
     RETURNING id::text AS id`,
    ...fields.map((f) => param(f, data[f])),
  )
  return row!.id
}

/** Sets the fields given (an edit without a picture, stock or flag keeps them); false when there is no such product. */
export async function updateProduct(tx: Tx, id: string, changes: Partial<ProductData>): Promise<boolean> {
  const fields = given(changes)
  const count = await tx.$executeRawUnsafe(
    `UPDATE product SET ${fields.map((f, i) => `${spec(f).column} = $${i + 2}::${spec(f).type}, `).join('')}updated_at = now()
     WHERE id = $1::uuid`,
    id,
    ...fields.map((f) => param(f, changes[f])),
  )
  return count === 1
}

/** Locks a product row for the rest of the transaction and returns its image and MRP. */
export async function lockProduct(tx: Tx, id: string) {
  const [row] = await tx.$queryRawUnsafe<{ imageId: string; mrpPaise: number }[]>(
    `SELECT image_id AS "imageId", mrp_paise AS "mrpPaise" FROM product WHERE id = $1::uuid FOR UPDATE`,
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

/**
 * Inserts products with their ids (the demo seed), in one statement: the fields every product gives, the
 * others left to their column's default.
 */
export async function insertProducts(tx: Tx, products: (NewProduct & { id: string })[]): Promise<void> {
  const fields = FIELDS.filter((field) => products.every((p) => p[field] !== undefined))
  await tx.$executeRawUnsafe(
    `INSERT INTO product (id, ${fields.map((f) => spec(f).column).join(', ')})
     SELECT * FROM unnest($1::uuid[], ${fields.map((f, i) => `$${i + 2}::${spec(f).type}[]`).join(', ')})`,
    products.map((p) => p.id),
    ...fields.map((f) => products.map((p) => param(f, p[f]))),
  )
}

/** Rows of the substitutes statement: a substitute (nulls when there is none), and the asked product. */
type SubstituteRow = { [K in keyof ProductRecord]: ProductRecord[K] | null } & {
  askedPricePaise: number
  askedPackUnits: number
  unitOrder: number | null
  idOrder: string | null
}

/**
 * The product `id`'s price and units per pack, and the in-stock products sold online with the same
 * composition, but itself, cheapest per unit first, at most `limit`; undefined when there is no such
 * product. One statement: the asked row by its key, then one range of product_substitutes_idx read in
 * order, stopping after `limit` in-stock rows. It was a statement for each: with 10 clients the second
 * round trip (and the wait for a pooled connection between them) doubled the time of an answer and cost
 * the catalogue a third more CPU (the bench's profile: its socket writes and the driver's parse).
 */
export async function findSubstitutes(
  db: Queryable,
  id: string,
  limit: number,
): Promise<{ asked: { pricePaise: number; packUnits: number }; substitutes: ProductRecord[] } | undefined> {
  const rows = await db.$queryRawUnsafe<SubstituteRow[]>(
    `SELECT a.price_paise AS "askedPricePaise", a.pack_units AS "askedPackUnits", s.*
     FROM product a
     LEFT JOIN LATERAL (
       SELECT ${COLUMNS}, (p.price_paise)::float8 / p.pack_units AS "unitOrder", p.id AS "idOrder" ${FROM}
       WHERE p.composition_key = a.composition_key AND p.composition_key <> '' AND p.id <> a.id
         AND p.stock > 0 AND p.schedule <> 'X'
       ORDER BY (p.price_paise)::float8 / p.pack_units, p.id
       LIMIT $2
     ) s ON true
     WHERE a.id = $1::uuid
     ORDER BY s."unitOrder", s."idOrder"`,
    id,
    limit,
  )
  const [first] = rows
  if (!first) return undefined
  const substitutes = rows
    .filter((row) => row.id !== null)
    .map(({ askedPricePaise, askedPackUnits, unitOrder, idOrder, ...record }) => record as ProductRecord)
  return { asked: { pricePaise: first.askedPricePaise, packUnits: first.askedPackUnits }, substitutes }
}
