import { messageListQuery, pageQuery, sendMessageRequest } from '@medstore/contracts/messaging'
import { type AuthMiddleware, HttpError, parseInput, setPageHeaders } from '@medstore/service-kit'
import { Router } from 'express'
import { rateLimit } from 'express-rate-limit'
import type { MessagingConfig } from '../config'
import type { Db } from '../data/db'
import { contactMessages, sendContactMessage } from '../use-cases/contact-messages'
import { customerNotifications } from '../use-cases/order-notifications'

export const TOO_MANY_MESSAGES = 'Too many messages from your connection. Please try again later.'

type Deps = { db: Db; auth: AuthMiddleware; config: MessagingConfig }

/**
 * POST /message (anyone, rate-limited per client address), GET /message (administrators),
 * GET /message/notifications (the signed-in customer's own).
 */
export function messageRoutes({ db, auth, config }: Deps): Router {
  const router = Router()
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

  router.post('/message', contactLimit, async (req, res) => {
    const input = parseInput(sendMessageRequest, req.body ?? {})
    res.status(201).json(await sendContactMessage(db, input))
  })

  router.get('/message/notifications', auth.requireUser, async (req, res) => {
    const query = parseInput(pageQuery, req.query)
    const { notifications, total, page } = await customerNotifications(db, req.user!.id, query)
    setPageHeaders(req, res, page, total)
    res.json(notifications)
  })

  router.get('/message', auth.requireAdmin, async (req, res) => {
    const query = parseInput(messageListQuery, req.query)
    const { messages, total, page } = await contactMessages(db, query)
    setPageHeaders(req, res, page, total)
    res.json(messages)
  })

  return router
}
