import path from 'node:path'
import {
  type RawSql,
  type ServiceDefinition,
  serviceEnvWithPort,
  sqlTransaction,
} from '@medstore/service-kit'
import { reviewProducts } from './data/product-replica'
import { reviewEventHandlers } from './events/handlers'
import { PrismaClient } from './generated/prisma/client'
import { reviewRoutes } from './http/review-routes'
import { reviewUseCases } from './use-cases/reviews'

/**
 * The review service: customers' star reviews of products, each product's rating overview, and the
 * verified-purchase mark. It keeps replicas of products, customers' names and delivered order items
 * from the catalogue, identity and order events.
 */
export const reviewService: ServiceDefinition<PrismaClient, ReturnType<typeof serviceEnvWithPort>, RawSql> = {
  name: 'review',
  serviceDir: path.resolve(import.meta.dirname, '..'),
  env: serviceEnvWithPort(4005),
  createDb: (adapter) => new PrismaClient({ adapter }),
  onStart: ({ db }) => reviewProducts.resyncIfEmpty(db),
  routes: ({ db, auth }) => [reviewRoutes(auth, reviewUseCases(db))],
  subscriptions: ({ sql }) => ({
    transaction: (fn) => sqlTransaction(sql, fn),
    handlers: reviewEventHandlers,
  }),
}
