import path from 'node:path'
import { type RawSql, type ServiceDefinition, sqlOver, sqlTransaction } from '@medstore/service-kit'
import { messagingEnv } from './config'
import { messagingProducts } from './data/replicas'
import { messagingEventHandlers } from './events/handlers'
import { PrismaClient } from './generated/prisma/client'
import { messageRoutes } from './http/message-routes'
import { notificationChannel } from './notifications/channel'
import { NotificationDispatcher } from './notifications/dispatcher'
import { messageUseCases } from './use-cases/messages'

/**
 * The messaging service: the storefront's contact messages to the vendor, and customers' order
 * notifications (made from order events, stored, then delivered through a NotificationChannel: the
 * log by default, e-mail when SMTP_URL is set).
 */
export const messagingService: ServiceDefinition<PrismaClient, typeof messagingEnv, RawSql> = {
  name: 'messaging',
  serviceDir: path.resolve(import.meta.dirname, '..'),
  env: messagingEnv,
  createDb: (adapter) => new PrismaClient({ adapter }),
  onStart: ({ db }) => messagingProducts.resyncIfEmpty(db),
  routes: ({ db, auth, config }) => [messageRoutes(auth, messageUseCases(db), config)],
  subscriptions: ({ sql, config, logger, onShutdown }) => {
    // Started here because delivery follows the event consumer's commits; stopped before the database closes.
    const dispatcher = new NotificationDispatcher({
      sql: sqlOver(sql),
      channel: notificationChannel(config, logger),
      logger,
      pollMs: config.NOTIFY_POLL_MS,
      retryMs: config.NOTIFY_RETRY_MS,
      maxAttempts: config.NOTIFY_MAX_ATTEMPTS,
    })
    onShutdown(() => dispatcher.stop())
    dispatcher.start()
    return {
      // Plain SQL on the pool, as every service's consumer: an order event reaches it for every order.
      transaction: async (fn) => {
        const result = await sqlTransaction(sql, fn)
        dispatcher.kick()
        return result
      },
      handlers: messagingEventHandlers,
    }
  },
}
