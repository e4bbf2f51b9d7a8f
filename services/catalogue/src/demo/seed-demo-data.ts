import { randomUUID } from 'node:crypto'
import { compositionField } from '@medstore/contracts/fields'
import { compositionKey } from '@medstore/contracts/medicine'
import { toPaise } from '@medstore/contracts/money'
import { type Logger, sqlOver, sqlTransaction } from '@medstore/service-kit'
import type pg from 'pg'
import { insertCategories } from '../data/categories'
import type { Queryable, Tx } from '../data/db'
import { insertImage } from '../data/images'
import { insertProducts, type NewProduct } from '../data/products'
import { insertShops } from '../data/shops'
import type { ReplicaSource } from '../domain/product-view'
import { publishProductsUpserted } from '../events/catalogue-events'
import { type PreparedImage, renderArtwork } from '../images/process'
import { bannerSvg, logoSvg, paletteFor, productSvg } from '../images/product-art'
import { DEMO_CATALOGUE } from './demo-catalogue'
import { DEMO_SHOPS } from './demo-shops'

// Any number, the same in every replica: two replicas starting at once seed once.
const SEED_LOCK = 7_314_402

const lock = (tx: Tx) => tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock($1)', SEED_LOCK)

const counts = async (db: Queryable) =>
  (
    await db.$queryRawUnsafe<{ products: number; categories: number; shops: number }[]>(
      `SELECT (SELECT count(*) FROM product)::int AS products, (SELECT count(*) FROM category)::int AS categories,
         (SELECT count(*) FROM shop)::int AS shops`,
    )
  )[0]!

async function insertImages(tx: Tx, images: PreparedImage[]): Promise<void> {
  for (const image of images) await insertImage(tx, image)
}

/**
 * Seeds the demo catalogue when there are no products and no categories, and the demo shops when
 * there are no shops; publishes product.upserted for every seeded product so replicas fill on first
 * start. Pictures are rendered before the transaction (the slow part, ~1 s) and only when needed.
 */
export async function seedDemoData(pool: pg.Pool, publicApiUrl: string, logger: Logger): Promise<void> {
  const started = Date.now()
  const { products, categories, shops } = await counts(sqlOver(pool))
  let seeded = 0
  if (products === 0 && categories === 0) seeded += await seedCatalogue(pool, publicApiUrl)
  if (shops === 0) seeded += await seedShops(pool)
  if (seeded > 0) logger.info({ rows: seeded, ms: Date.now() - started }, 'demo catalogue seeded')
}

/** What a seeded product stores beyond what the replicas are sent (category by name until inserted). */
type NewProductFields = Omit<NewProduct, 'categoryId'>

async function seedCatalogue(pool: pg.Pool, publicApiUrl: string): Promise<number> {
  const entries = Object.entries(DEMO_CATALOGUE).flatMap(([category, items]) =>
    items.map((item) => ({ category, item })),
  )
  const images = await Promise.all(
    entries.map(({ category, item }) =>
      renderArtwork(productSvg(item.name, item.form, paletteFor(category))),
    ),
  )
  return sqlTransaction(pool, async (tx) => {
    await lock(tx)
    const now = await counts(tx)
    if (now.products > 0 || now.categories > 0) return 0
    const categoryIds = new Map(Object.keys(DEMO_CATALOGUE).map((name) => [name, randomUUID()]))
    await insertCategories(
      tx,
      [...categoryIds].map(([name, id]) => ({ id, name })),
    )
    await insertImages(tx, images)
    const records = entries.map(({ category, item }, i) => {
      const composition = compositionField.parse(item.composition ?? '')
      return {
        id: randomUUID(),
        name: item.name,
        category,
        pricePaise: toPaise(item.price),
        description: item.description,
        imageId: images[i]!.id,
        stock: item.stock,
        schedule: item.schedule ?? 'OTC',
        composition,
        compositionKey: compositionKey(composition),
        manufacturer: item.manufacturer,
        pack: item.pack,
        packUnits: item.packUnits,
        mrpPaise: toPaise(item.mrp ?? item.price),
        keyIngredients: item.keyIngredients ?? [],
        hsnCode: item.hsnCode ?? '3004',
        gstRate: item.gstRate ?? 5,
      } satisfies ReplicaSource & NewProductFields
    })
    await insertProducts(
      tx,
      records.map(({ category, ...p }) => ({ ...p, categoryId: categoryIds.get(category)! })),
    )
    await publishProductsUpserted(tx, records, publicApiUrl)
    return categoryIds.size + records.length
  })
}

async function seedShops(pool: pg.Pool): Promise<number> {
  const art: PreparedImage[][] = await Promise.all(
    DEMO_SHOPS.map((s) =>
      Promise.all([
        renderArtwork(logoSvg(s.name, paletteFor(s.city))),
        renderArtwork(bannerSvg(s.name, s.city, paletteFor(s.city))),
      ]),
    ),
  )
  return sqlTransaction(pool, async (tx) => {
    await lock(tx)
    if ((await counts(tx)).shops > 0) return 0
    await insertImages(tx, art.flat())
    await insertShops(
      tx,
      DEMO_SHOPS.map((s, i) => ({ ...s, logoId: art[i]![0]!.id, bannerId: art[i]![1]!.id })),
    )
    return DEMO_SHOPS.length
  })
}
