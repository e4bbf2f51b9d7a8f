import path from 'node:path'
import {
  internalSecret,
  type RawSql,
  releaseFreedHeap,
  type ServiceDefinition,
  sqlOver,
  sqlTransaction,
} from '@medstore/service-kit'
import type pg from 'pg'
import { catalogueEnv } from './config'
import { ProductSearchFeed } from './data/product-search-feed'
import { seedDemoData } from './demo/seed-demo-data'
import { defaultLeasePolicy } from './domain/reservation-lease'
import { catalogueEventHandlers } from './events/handlers'
import { PrismaClient } from './generated/prisma/client'
import { catalogueRouter } from './http/catalogue-routes'
import { imageRouter } from './http/images'
import { internalRouter } from './http/internal'
import { categoryUseCases } from './use-cases/categories'
import { imageUseCases } from './use-cases/images'
import { PeriodicTask } from './use-cases/periodic-task'
import { productUseCases } from './use-cases/products'
import { reservationUseCases } from './use-cases/reservations'
import { shopUseCases } from './use-cases/shops'
import { stockAnnouncements } from './use-cases/stock-announcements'
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
    // Loading the index left its garbage's pages resident (V8's page pool): given back before serving.
    logger.info({ ms: Math.round(releaseFreedHeap()) }, 'start-up garbage returned to the system')
    searches.set(sql, feed)
    // Every sweep is safe with several replicas of the catalogue: each batch skips or waits for rows
    // another transaction holds, and what is due is a time or a mark in the database, not in a process.
    const lease = { ...defaultLeasePolicy, leaseMs: config.RESERVATION_LEASE_MS }
    const reservations = reservationUseCases(sql, logger)
    const announcements = stockAnnouncements(sql)
    for (const task of [
      new PeriodicTask(
        'reservation sweep',
        config.RESERVATION_SWEEP_MS,
        () => reservations.expireLeases(lease),
        logger,
      ),
      new PeriodicTask('stock announcement', config.STOCK_ANNOUNCE_MS, announcements.announceStock, logger),
    ]) {
      // A mark outlives a stop: what is marked when the process stops is announced by the next one at start.
      onShutdown(() => task.stop())
      task.start()
    }
  },
  subscriptions: ({ sql, config, logger }) => ({
    // Plain SQL on the pool: order.created arrives for every order placed.
    transaction: (fn) => sqlTransaction(sql, fn),
    handlers: catalogueEventHandlers(config.PUBLIC_API_URL, reservationUseCases(sql, logger)),
  }),
  routes: ({ sql, auth, config, logger }) => [
    imageRouter(imageUseCases(sqlOver(sql))),
    catalogueRouter(auth, {
      categories: categoryUseCases(sql),
      products: productUseCases(sql, config.PUBLIC_API_URL, searches.get(sql)!),
      shops: shopUseCases(sqlOver(sql), config.PUBLIC_API_URL),
      suppliers: supplierUseCases(sqlOver(sql)),
    }),
    internalRouter(reservationUseCases(sql, logger), internalSecret(config.INTERNAL_TOKEN)),
  ],
}
