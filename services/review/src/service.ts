import path from 'node:path'
import { type ServiceDefinition, serviceEnvWithPort } from '@medstore/service-kit'
import type { Tx } from './data/db'
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
export const reviewService: ServiceDefinition<PrismaClient, ReturnType<typeof serviceEnvWithPort>, Tx> = {
  name: 'review',
  serviceDir: path.resolve(import.meta.dirname, '..'),
  env: serviceEnvWithPort(4005),
  createDb: (adapter) => new PrismaClient({ adapter }),
  onStart: ({ db }) => reviewProducts.resyncIfEmpty(db),
  routes: ({ db, auth }) => [reviewRoutes(auth, reviewUseCases(db))],
  subscriptions: ({ db }) => ({
    transaction: (fn) => db.$transaction(fn),
    handlers: reviewEventHandlers,
  }),
}
