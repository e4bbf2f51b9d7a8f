import path from 'node:path'
import { type RawSql, type ServiceDefinition, sqlTransaction } from '@medstore/service-kit'
import { catalogueEnv } from './config'
import { ProductSearchFeed } from './data/product-search-feed'
import { defaultLeasePolicy } from './domain/reservation-lease'
import { catalogueEventHandlers } from './events/handlers'
import { PrismaClient } from './generated/prisma/client'
import { catalogueRouter } from './http/catalogue-routes'
import { imageRouter } from './http/images'
import { internalRouter } from './http/internal'
import { seedDemoData } from './seed/seed'
import { categoryUseCases } from './use-cases/categories'
import { imageUseCases } from './use-cases/images'
import { type ProductSearch, productUseCases } from './use-cases/products'
import { ReservationSweeper } from './use-cases/reservation-sweeper'
import { reservationUseCases } from './use-cases/reservations'
import { shopUseCases } from './use-cases/shops'
import { supplierUseCases } from './use-cases/suppliers'

// onStart loads the search index before the service answers, and routes() needs it: the context both
// receive is per service instance, and its database client is what identifies the instance.
const searches = new WeakMap<PrismaClient, ProductSearch>()

/** The catalogue: categories, products and their images, stock and reservations, shops, suppliers. */
export const catalogueService: ServiceDefinition<PrismaClient, typeof catalogueEnv, RawSql> = {
  name: 'catalogue',
  serviceDir: path.resolve(import.meta.dirname, '..'),
  env: catalogueEnv,
  createDb: (adapter) => new PrismaClient({ adapter }),
  onStart: async ({ db, sql, config, logger, onShutdown }) => {
    if (config.SEED_DEMO_CATALOGUE) await seedDemoData(db, config.PUBLIC_API_URL, logger)
    // The search's reads share the pool under Prisma: a pool of their own added connections that several
    // test shops on one PostgreSQL ran out of (the listing answered 503 "too many connections").
    const feed = new ProductSearchFeed(config.DATABASE_URL, sql, logger)
    onShutdown(() => feed.stop())
    await feed.start()
    searches.set(db, { feed, pool: sql })
    const sweeper = new ReservationSweeper(
      reservationUseCases(sql, config.PUBLIC_API_URL, logger),
      {
        ...defaultLeasePolicy,
        leaseMs: config.RESERVATION_LEASE_MS,
        sweepEveryMs: config.RESERVATION_SWEEP_MS,
      },
      logger,
    )
    onShutdown(() => sweeper.stop())
    sweeper.start()
  },
  subscriptions: ({ sql, config, logger }) => ({
    // Plain SQL on the pool: order.created arrives for every order placed.
    transaction: (fn) => sqlTransaction(sql, fn),
    handlers: catalogueEventHandlers(
      config.PUBLIC_API_URL,
      reservationUseCases(sql, config.PUBLIC_API_URL, logger),
    ),
  }),
  routes: ({ db, sql, auth, config, logger }) => [
    imageRouter(imageUseCases(db)),
    catalogueRouter(auth, {
      categories: categoryUseCases(db),
      products: productUseCases(db, config.PUBLIC_API_URL, searches.get(db)!),
      shops: shopUseCases(db, config.PUBLIC_API_URL),
      suppliers: supplierUseCases(db),
    }),
    internalRouter(reservationUseCases(sql, config.PUBLIC_API_URL, logger), config.INTERNAL_TOKEN),
  ],
}
