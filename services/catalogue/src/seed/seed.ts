import { randomUUID } from 'node:crypto'
import { toPaise } from '@medstore/contracts/money'
import type { Logger } from '@medstore/service-kit'
import type { Db, Tx } from '../data/db'
import { bannerSvg, logoSvg, paletteFor, productSvg } from '../domain/product-art'
import type { ProductRecord } from '../domain/product-view'
import { categoryKey } from '../domain/search'
import { publishProductsUpserted } from '../events/catalogue-events'
import { type PreparedImage, renderArtwork } from '../images/process'
import { DEMO_CATALOGUE } from './demo-catalogue'
import { DEMO_SHOPS } from './demo-shops'

// Any number, the same in every replica: two replicas starting at once seed once.
const SEED_LOCK = 7_314_402

const lock = (tx: Tx) => tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK})`

/**
 * Seeds the demo catalogue when there are no products and no categories, and the demo shops when
 * there are no shops; publishes product.upserted for every seeded product so replicas fill on first
 * start. Pictures are rendered before the transaction (the slow part, ~1 s) and only when needed.
 */
export async function seedDemoData(db: Db, publicApiUrl: string, logger: Logger): Promise<void> {
  const started = Date.now()
  const [products, categories, shops] = await Promise.all([
    db.product.count(),
    db.category.count(),
    db.shop.count(),
  ])
  let seeded = 0
  if (products === 0 && categories === 0) seeded += await seedCatalogue(db, publicApiUrl)
  if (shops === 0) seeded += await seedShops(db)
  if (seeded > 0) logger.info({ rows: seeded, ms: Date.now() - started }, 'demo catalogue seeded')
}

async function seedCatalogue(db: Db, publicApiUrl: string): Promise<number> {
  const entries = Object.entries(DEMO_CATALOGUE).flatMap(([category, items]) =>
    items.map((item) => ({ category, item })),
  )
  const images = await Promise.all(
    entries.map(({ category, item }) =>
      renderArtwork(productSvg(item.name, item.form, paletteFor(category))),
    ),
  )
  return db.$transaction(
    async (tx) => {
      await lock(tx)
      if ((await tx.product.count()) > 0 || (await tx.category.count()) > 0) return 0
      const categoryIds = new Map(Object.keys(DEMO_CATALOGUE).map((name) => [name, randomUUID()]))
      await tx.category.createMany({
        data: [...categoryIds].map(([name, id]) => ({ id, name, nameKey: categoryKey(name) })),
      })
      await tx.image.createMany({ data: images })
      const records: ProductRecord[] = entries.map(({ category, item }, i) => ({
        id: randomUUID(),
        name: item.name,
        category,
        pricePaise: toPaise(item.price),
        description: item.description,
        imageId: images[i]!.id,
        stock: item.stock,
        requiresPrescription: item.rx ?? false,
      }))
      await tx.product.createMany({
        data: records.map(({ category, ...p }) => ({ ...p, categoryId: categoryIds.get(category)! })),
      })
      await publishProductsUpserted(tx, records, publicApiUrl)
      return categoryIds.size + records.length
    },
    { timeout: 30_000, maxWait: 10_000 },
  )
}

async function seedShops(db: Db): Promise<number> {
  const art: PreparedImage[][] = await Promise.all(
    DEMO_SHOPS.map((s) =>
      Promise.all([
        renderArtwork(logoSvg(s.name, paletteFor(s.city))),
        renderArtwork(bannerSvg(s.name, s.city, paletteFor(s.city))),
      ]),
    ),
  )
  return db.$transaction(
    async (tx) => {
      await lock(tx)
      if ((await tx.shop.count()) > 0) return 0
      await tx.image.createMany({ data: art.flat() })
      await tx.shop.createMany({
        data: DEMO_SHOPS.map((s, i) => ({ ...s, logoId: art[i]![0]!.id, bannerId: art[i]![1]!.id })),
      })
      return DEMO_SHOPS.length
    },
    { timeout: 30_000, maxWait: 10_000 },
  )
}
