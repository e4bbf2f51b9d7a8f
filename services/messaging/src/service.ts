import path from 'node:path'
import type { ServiceDefinition } from '@medstore/service-kit'
import { messagingEnv } from './config'
import type { Tx } from './data/db'
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
export const messagingService: ServiceDefinition<PrismaClient, typeof messagingEnv, Tx> = {
  name: 'messaging',
  serviceDir: path.resolve(import.meta.dirname, '..'),
  env: messagingEnv,
  createDb: (adapter) => new PrismaClient({ adapter }),
  onStart: ({ db }) => messagingProducts.resyncIfEmpty(db),
  routes: ({ db, auth, config }) => [messageRoutes(auth, messageUseCases(db), config)],
  subscriptions: ({ db, config, logger, onShutdown }) => {
    // Started here because delivery follows the event consumer's commits; stopped before the database closes.
    const dispatcher = new NotificationDispatcher({
      db,
      channel: notificationChannel(config, logger),
      logger,
      pollMs: config.NOTIFY_POLL_MS,
      retryMs: config.NOTIFY_RETRY_MS,
      maxAttempts: config.NOTIFY_MAX_ATTEMPTS,
    })
    onShutdown(() => dispatcher.stop())
    dispatcher.start()
    return {
      transaction: async (fn) => {
        const result = await db.$transaction(fn)
        dispatcher.kick()
        return result
      },
      handlers: messagingEventHandlers,
    }
  },
}
