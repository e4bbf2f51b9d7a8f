import { messagingApi } from '@medstore/contracts/messaging'
import { type AuthMiddleware, apiRouter, HttpError, pageReply } from '@medstore/service-kit'
import { rateLimit } from 'express-rate-limit'
import type { MessagingConfig } from '../config'
import type { messageUseCases } from '../use-cases/messages'

export const TOO_MANY_MESSAGES = 'Too many messages from your connection. Please try again later.'

/**
 * POST /message (anyone, rate-limited per client address), GET /message (administrators),
 * GET /message/notifications (the signed-in customer's own).
 */
export function messageRoutes(
  auth: AuthMiddleware,
  messages: ReturnType<typeof messageUseCases>,
  config: MessagingConfig,
) {
  // Per client address: behind the gateway (a loopback peer, trusted by the kit) that is the first
  // X-Forwarded-For hop. The counts live in this process's memory.
  const contactLimit = rateLimit({
    windowMs: config.CONTACT_RATE_WINDOW_MS,
    limit: config.CONTACT_RATE_LIMIT,
    // Only accepted messages count: a customer who mistypes a phone number is not pushed towards the limit.
    skipFailedRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new HttpError(429, TOO_MANY_MESSAGES)),
  })

  return apiRouter(auth)
    .route(messagingApi.send, ({ body }) => messages.send(body), { before: [contactLimit] })
    .route(messagingApi.notifications, async ({ user, query }) =>
      pageReply(await messages.notifications(user.id, query)),
    )
    .route(messagingApi.list, async ({ query }) => pageReply(await messages.list(query))).router
}
