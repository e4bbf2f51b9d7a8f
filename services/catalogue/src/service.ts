import path from 'node:path'
import type { ServiceDefinition } from '@medstore/service-kit'
import { catalogueEnv } from './config'
import type { Tx } from './data/db'
import { catalogueEventHandlers } from './events/handlers'
import { PrismaClient } from './generated/prisma/client'
import { categoryRouter } from './http/categories'
import { imageRouter } from './http/images'
import { internalRouter } from './http/internal'
import { productRouter } from './http/products'
import { shopRouter } from './http/shops'
import { supplierRouter } from './http/suppliers'
import { seedDemoData } from './seed/seed'
import { productUseCases } from './use-cases/products'
import { reservationUseCases } from './use-cases/reservations'
import { supplierUseCases } from './use-cases/suppliers'
import { withTypoFallback } from './use-cases/typo-fallback'

/** The catalogue: categories, products and their images, stock and reservations, shops, suppliers. */
export const catalogueService: ServiceDefinition<PrismaClient, typeof catalogueEnv, Tx> = {
  name: 'catalogue',
  serviceDir: path.resolve(import.meta.dirname, '..'),
  env: catalogueEnv,
  createDb: (adapter) => new PrismaClient({ adapter }),
  onStart: async ({ db, config, logger }) => {
    if (config.SEED_DEMO_CATALOGUE) await seedDemoData(db, config.PUBLIC_API_URL, logger)
  },
  subscriptions: ({ db, config }) => ({
    transaction: (fn) => db.$transaction(fn),
    handlers: catalogueEventHandlers(config.PUBLIC_API_URL),
  }),
  routes: ({ db, auth, config }) => [
    categoryRouter(db, auth),
    imageRouter(db),
    productRouter(
      withTypoFallback(productUseCases(db, config.PUBLIC_API_URL), db, config.PUBLIC_API_URL),
      auth,
    ),
    shopRouter(db, config.PUBLIC_API_URL),
    supplierRouter(supplierUseCases(db), auth),
    internalRouter(reservationUseCases(db, config.PUBLIC_API_URL), config.INTERNAL_TOKEN),
  ],
}
