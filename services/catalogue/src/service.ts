import path from 'node:path'
import { type RawSql, type ServiceDefinition, sqlOver, sqlTransaction } from '@medstore/service-kit'
import type pg from 'pg'
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
import { productUseCases } from './use-cases/products'
import { ReservationSweeper } from './use-cases/reservation-sweeper'
import { reservationUseCases } from './use-cases/reservations'
import { shopUseCases } from './use-cases/shops'
import { supplierUseCases } from './use-cases/suppliers'

// onStart loads the search index before the service answers, and routes() needs it: the context both
// receive is per service instance, and its pool is what identifies the instance.
const searches = new WeakMap<pg.Pool, ProductSearchFeed>()

/**
 * The catalogue: categories, products and their images, stock and reservations, shops, suppliers. Its reads
 * and writes are plain SQL on `sql` (data/db.ts): the Prisma client the kit builds is never queried here.
 */
export const catalogueService: ServiceDefinition<PrismaClient, typeof catalogueEnv, RawSql> = {
  name: 'catalogue',
  serviceDir: path.resolve(import.meta.dirname, '..'),
  env: catalogueEnv,
  createDb: (adapter) => new PrismaClient({ adapter }),
  onStart: async ({ sql, config, logger, onShutdown }) => {
    if (config.SEED_DEMO_CATALOGUE) await seedDemoData(sql, config.PUBLIC_API_URL, logger)
    // The search's reads share the pool under Prisma: a pool of their own added connections that several
    // test shops on one PostgreSQL ran out of (the listing answered 503 "too many connections").
    const feed = new ProductSearchFeed(config.DATABASE_URL, sql, logger)
    onShutdown(() => feed.stop())
    await feed.start()
    searches.set(sql, feed)
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
  routes: ({ sql, auth, config, logger }) => [
    imageRouter(imageUseCases(sqlOver(sql))),
    catalogueRouter(auth, {
      categories: categoryUseCases(sql),
      products: productUseCases(sql, config.PUBLIC_API_URL, searches.get(sql)!),
      shops: shopUseCases(sqlOver(sql), config.PUBLIC_API_URL),
      suppliers: supplierUseCases(sqlOver(sql)),
    }),
    internalRouter(reservationUseCases(sql, config.PUBLIC_API_URL, logger), config.INTERNAL_TOKEN),
  ],
}
