import type { PreparedImage } from '../images/process'
import type { Queryable, Tx } from './db'

export async function insertImage(db: Queryable, image: PreparedImage): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO image (id, content_type, data, etag, card_data, card_etag) VALUES ($1, $2, $3, $4, $5, $6)`,
    image.id,
    image.contentType,
    image.data,
    image.etag,
    image.cardData,
    image.cardEtag,
  )
}

/** The bytes as pg reads a bytea: a Buffer, sent as it is. */
export type StoredImage = { contentType: string; data: Buffer; etag: string }

export async function findImage(
  db: Queryable,
  id: string,
  variant: 'original' | 'card',
): Promise<StoredImage | undefined> {
  const [row] = await db.$queryRawUnsafe<StoredImage[]>(
    variant === 'card'
      ? `SELECT 'image/webp' AS "contentType", card_data AS data, card_etag AS etag FROM image WHERE id = $1`
      : `SELECT content_type AS "contentType", data, etag FROM image WHERE id = $1`,
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
