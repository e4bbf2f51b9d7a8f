import type { PreparedImage } from '../images/process'
import type { Queryable, Tx } from './db'

export async function insertImage(db: Queryable, image: PreparedImage): Promise<void> {
  await db.image.create({ data: image })
}

export type StoredImage = { contentType: string; data: Uint8Array; etag: string }

export async function findImage(
  db: Queryable,
  id: string,
  variant: 'original' | 'card',
): Promise<StoredImage | undefined> {
  if (variant === 'card') {
    const row = await db.image.findUnique({ where: { id }, select: { cardData: true, cardEtag: true } })
    return row ? { contentType: 'image/webp', data: row.cardData, etag: row.cardEtag } : undefined
  }
  const row = await db.image.findUnique({
    where: { id },
    select: { contentType: true, data: true, etag: true },
  })
  return row ?? undefined
}

/** Deletes an image nothing refers to any more (a replaced or deleted product's picture). */
export async function deleteImageIfUnused(tx: Tx, id: string): Promise<void> {
  await tx.$executeRaw`DELETE FROM image i WHERE i.id = ${id}
    AND NOT EXISTS (SELECT 1 FROM product WHERE image_id = i.id)
    AND NOT EXISTS (SELECT 1 FROM shop WHERE logo_id = i.id OR banner_id = i.id)`
}
