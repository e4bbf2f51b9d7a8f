import type { PreparedImage, Variant } from '../images/process'
import type { Queryable, Tx } from './db'

export async function insertImage(db: Queryable, image: PreparedImage): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO image (id, content_type, data, etag, card_data, card_etag, large_data, large_etag)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    image.id,
    image.contentType,
    image.data,
    image.etag,
    image.card.data,
    image.card.etag,
    image.large.data,
    image.large.etag,
  )
}

/** Stores the product page's WebP of an image made before that variant existed. */
export async function storeLargeVariant(db: Queryable, id: string, large: Variant): Promise<void> {
  await db.$executeRawUnsafe(
    'UPDATE image SET large_data = $2, large_etag = $3 WHERE id = $1 AND large_data IS NULL',
    id,
    large.data,
    large.etag,
  )
}

/** The bytes as pg reads a bytea: a Buffer, sent as it is. */
export type StoredImage = { contentType: string; data: Buffer; etag: string }

export type ImageVariant = 'original' | 'card' | 'large'

const variantColumns: Record<ImageVariant, string> = {
  original: 'content_type AS "contentType", data, etag',
  card: `'image/webp' AS "contentType", card_data AS data, card_etag AS etag`,
  large: `'image/webp' AS "contentType", large_data AS data, large_etag AS etag`,
}

/** A variant as its row holds it: no bytes for a large variant not made yet (an image stored before it). */
export type StoredVariant = { contentType: string; data: Buffer | null; etag: string | null }

export async function findImage(
  db: Queryable,
  id: string,
  variant: ImageVariant,
): Promise<StoredVariant | undefined> {
  const [row] = await db.$queryRawUnsafe<StoredVariant[]>(
    `SELECT ${variantColumns[variant]} FROM image WHERE id = $1`,
    id,
  )
  return row
}

/** Deletes an image nothing refers to any more (a replaced or deleted product's picture). */
export async function deleteImageIfUnused(tx: Tx, id: string): Promise<void> {
  await tx.$executeRawUnsafe(
    `DELETE FROM image i WHERE i.id = $1
      AND NOT EXISTS (SELECT 1 FROM product WHERE image_id = i.id)
      AND NOT EXISTS (SELECT 1 FROM shop WHERE logo_id = i.id OR banner_id = i.id)`,
    id,
  )
}
