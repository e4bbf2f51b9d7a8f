import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { internalSecret, type RawSql, type ServiceDefinition, sqlTransaction } from '@medstore/service-kit'
import { type OrderConfig, orderEnv } from './config'
import { orderProducts } from './data/product-replica'
import { orderEventHandlers } from './events/handlers'
import { PrismaClient } from './generated/prisma/client'
import { orderRouter } from './http/order-router'
import { paymentRouter } from './http/payment-router'
import { paymentProviders } from './payment'
import { CatalogueStockReservations } from './stock/reservations'
import { startDemoOrderSeeder } from './use-cases/demo-orders'
import { orderQueryUseCases } from './use-cases/order-queries'
import { orderStatisticsUseCases } from './use-cases/order-statistics'
import { orderStatusUseCases } from './use-cases/order-status'
import { paymentUseCases } from './use-cases/payments'
import { placeOrderUseCases } from './use-cases/place-order'

const catalogueStock = (config: OrderConfig) =>
  new CatalogueStockReservations(config.CATALOGUE_URL, {
    timeoutMs: config.CATALOGUE_TIMEOUT_MS,
    internalToken: internalSecret(config.CATALOGUE_INTERNAL_TOKEN),
  })

/**
 * The order service: placing orders (priced from its product replica, stock reserved in the catalogue,
 * paid on delivery or online), their life cycle, payment webhooks, and the order.* events.
 */
export const orderService: ServiceDefinition<PrismaClient, typeof orderEnv, RawSql> = {
  name: 'order',
  serviceDir: path.resolve(import.meta.dirname, '..'),
  env: orderEnv,
  createDb: (adapter) => new PrismaClient({ adapter }),
  onStart: async ({ db, config, logger, onShutdown }) => {
    if (config.SEED_DEMO_DATA) onShutdown(startDemoOrderSeeder(db, logger).stop)
    await orderProducts.resyncIfEmpty(db)
  },
  routes: ({ db, sql, auth, config, logger }) => {
    const stock = catalogueStock(config)
    // Development and tests without a configured secret get one per start (production requires it).
    const providers = paymentProviders(
      config,
      config.PAYMENT_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'),
    )
    const addresses = {
      shellUrl: config.SHELL_URL,
      publicApiUrl: config.PUBLIC_API_URL,
      shopOrigins: config.CORS_ORIGINS,
    }
    const placing = placeOrderUseCases({
      db,
      sql,
      stock,
      payments: providers.active,
      addresses,
      logger,
    })
    const payments = paymentUseCases(db, providers.sandbox, addresses, logger)
    return [
      paymentRouter(auth, payments, providers),
      orderRouter(auth, {
        placing,
        statuses: orderStatusUseCases(db),
        queries: orderQueryUseCases(db),
        statistics: orderStatisticsUseCases(db),
      }),
    ]
  },
  subscriptions: ({ sql, config }) => ({
    // Plain SQL on the pool: every order placed brings one product.upserted per line to the replica.
    transaction: (fn) => sqlTransaction(sql, fn),
    // The stock release of a cancelled order keeps retrying for about a minute before it is parked.
    maxAttempts: 20,
    retryDelayMs: 3_000,
    handlers: orderEventHandlers(catalogueStock(config)),
  }),
}
