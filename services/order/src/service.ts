import { randomBytes } from 'node:crypto'
import path from 'node:path'
import {
  internalSecret,
  type RawSql,
  type ServiceDefinition,
  sqlOver,
  sqlTransaction,
} from '@medstore/service-kit'
import { type OrderConfig, orderEnv } from './config'
import { listSqlOver } from './data/order-repository'
import { orderProducts } from './data/product-replica'
import { deliveryRouter } from './delivery/delivery-router'
import { deliverySettingsStore } from './delivery/delivery-settings-store'
import { deliveryUseCases } from './delivery/delivery-use-cases'
import { pinDirectory } from './delivery/pin-directory'
import { orderEventHandlers } from './events/handlers'
import { PrismaClient } from './generated/prisma/client'
import { orderRouter } from './http/order-router'
import { paymentRouter } from './http/payment-router'
import { invoiceFonts } from './invoice-pdf/fonts'
import { renderInvoicePdf } from './invoice-pdf/render-invoice-pdf'
import { type PaymentProviders, paymentProviders } from './payment'
import { sellerOf } from './seller'
import { CatalogueStockReservations } from './stock/reservations'
import { startDemoOrderSeeder } from './use-cases/demo-orders'
import { invoiceIssuer, invoiceUseCases } from './use-cases/invoices'
import { orderQueryUseCases } from './use-cases/order-queries'
import { orderStatisticsUseCases } from './use-cases/order-statistics'
import { orderStatusUseCases } from './use-cases/order-status'
import { paymentSweep } from './use-cases/payment-sweep'
import { paymentUseCases } from './use-cases/payments'
import { placeOrderUseCases } from './use-cases/place-order'
import { prescriptionSweep } from './use-cases/prescription-sweep'
import { refundJob } from './use-cases/refunds'

const catalogueStock = (config: OrderConfig) =>
  new CatalogueStockReservations(config.CATALOGUE_URL, {
    timeoutMs: config.CATALOGUE_TIMEOUT_MS,
    internalToken: internalSecret(config.CATALOGUE_INTERNAL_TOKEN),
  })

// One set of providers per started service (routes and the refund consumer share it): development and tests
// without a configured sandbox secret get one per start (production requires it).
const providersOf = new WeakMap<OrderConfig, PaymentProviders>()
function providersFor(config: OrderConfig): PaymentProviders {
  let providers = providersOf.get(config)
  if (!providers) {
    providers = paymentProviders(config, config.PAYMENT_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'))
    providersOf.set(config, providers)
  }
  return providers
}

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
  routes: ({ db, sql, auth, config, logger, onShutdown }) => {
    const stock = catalogueStock(config)
    const providers = providersFor(config)
    const delivery = deliveryUseCases(deliverySettingsStore(sqlOver(sql)), pinDirectory())
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
      linkLifetimeMs: config.PAYMENT_LINK_EXPIRY_MINUTES * 60_000,
      logger,
      delivery,
    })
    const payments = paymentUseCases(db, providers.sandbox, addresses, logger)
    const sweep = paymentSweep(
      db,
      providers.byName,
      payments,
      {
        checkAfterMs: config.PAYMENT_STATUS_CHECK_MINUTES * 60_000,
        intervalMs: config.PAYMENT_SWEEP_INTERVAL_MS,
      },
      logger,
    )
    onShutdown(sweep.stop)
    const issuer = invoiceIssuer(sellerOf(config), config.INVOICE_PREFIX)
    const statuses = orderStatusUseCases(db, providers.byName, issuer, logger)
    // The invoice's font is read now: a service without it does not start (rather than fail a download).
    const fonts = invoiceFonts()
    onShutdown(prescriptionSweep(sql, statuses, config.PRESCRIPTION_SWEEP_INTERVAL_MS, logger).stop)
    return [
      deliveryRouter(auth, delivery),
      paymentRouter(auth, payments, providers),
      orderRouter(auth, {
        placing,
        statuses,
        queries: orderQueryUseCases(db, listSqlOver(sql)),
        statistics: orderStatisticsUseCases(sql),
        invoices: invoiceUseCases(db, issuer, (invoice) => renderInvoicePdf(invoice, fonts)),
      }),
    ]
  },
  subscriptions: ({ db, sql, config, logger }) => ({
    // Plain SQL on the pool, as every consumer: batches of replica upserts and order.created.
    transaction: (fn) => sqlTransaction(sql, fn),
    // The stock release of a cancelled order, and a refund, keep retrying for about a minute before they
    // are parked (npm run dlq:replay sends them again).
    maxAttempts: 20,
    retryDelayMs: 3_000,
    handlers: orderEventHandlers(catalogueStock(config), refundJob(db, providersFor(config).byName, logger)),
  }),
}
