import { createHash, randomUUID } from 'node:crypto'
import { type createOrderRequest, IDEMPOTENCY_KEY_HEADER, type Order } from '@medstore/contracts/order'
import {
  enqueueEvents,
  Invalid,
  idempotent,
  type Logger,
  NotFound,
  OutOfStock,
  type Reply,
  runSteps,
  type Step,
  Unavailable,
} from '@medstore/service-kit'
import type { z } from 'zod'
import { confirmationUrl } from '../config'
import type { Tx } from '../data/db'
import { idempotencyStore } from '../data/idempotency'
import { findOrder, insertOrder, nextOrderSeq } from '../data/order-repository'
import { findProducts } from '../data/product-replica'
import { formatOrderNumber } from '../domain/order-number'
import { type Pricing, priceOrder, shortageMessage } from '../domain/pricing'
import { orderCreated } from '../events/order-events'
import type { PrismaClient } from '../generated/prisma/client'
import { type PaymentLink, type PaymentProvider, PaymentUnavailableError } from '../payment/provider'
import { presentOrder } from '../presenters/order'
import { type StockReservations, StockUnavailableError } from '../stock/reservations'

export type OrderInput = z.infer<typeof createOrderRequest>
export type Placed = { order: Order; paymentLinkUrl: string }

export type PlaceOrderDeps = {
  db: PrismaClient
  stock: StockReservations
  payments: PaymentProvider
  shellUrl: string
  logger: Logger
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/

/** A claim older than this whose request never finished (the process died) is taken over by a retry. */
const STALE_CLAIM_MS = 60_000

const CATALOGUE_DOWN = 'We cannot check stock right now, so nothing was ordered. Please try again shortly.'
const PAYMENT_DOWN =
  'Online payment is unavailable right now, so nothing was ordered. Please try again or choose cash on delivery.'

/** The client's price is ignored, so it is not part of what makes two requests "the same". */
const requestHash = (input: OrderInput) =>
  createHash('sha256')
    .update(
      JSON.stringify({
        items: input.items.map(({ productId, quantity }) => ({ productId, quantity })),
        shippingInfo: input.shippingInfo,
        paymentType: input.paymentType,
      }),
    )
    .digest('hex')

/** What placing one order has made so far; each step adds its part. */
type Placing = {
  orderId: string
  userId: string
  input: OrderInput
  pricing?: Extract<Pricing, { ok: true }>
  seq?: number
  number?: string
  link?: PaymentLink
  placed?: Placed
}

/**
 * Placing an order, as steps each with its undo beside it: price every line from the replica, reserve the
 * stock in the catalogue (all or nothing) ↔ release it, make the payment link, then write the order and its
 * order.created event in one transaction. A failure after the reservation releases it, so a failed
 * placement holds no stock. With an Idempotency-Key, the kit's idempotent() answers retries.
 */
export function placeOrderUseCases({ db, stock, payments, shellUrl, logger }: PlaceOrderDeps) {
  const price: Step<Placing> = {
    name: 'price from the replica',
    async run(s) {
      const pricing = priceOrder(
        s.input.items,
        await findProducts(
          db,
          s.input.items.map((i) => i.productId),
        ),
      )
      if (pricing.ok) return { ...s, pricing }
      const { productId, name } = pricing.missing
      throw new NotFound(name ? `${name} is not sold any more` : `Product not found: ${productId}`)
    },
  }

  const reserveStock: Step<Placing> = {
    name: 'reserve stock',
    async run(s) {
      const items = s.input.items.map(({ productId, quantity }) => ({ productId, quantity }))
      const reservation = await stock.reserve({ orderId: s.orderId, items }).catch(async (err) => {
        // A timeout may hide a reservation the catalogue did make: give it back (release is idempotent).
        await stock.release(s.orderId).catch(() => undefined)
        throw err instanceof StockUnavailableError ? new Unavailable(CATALOGUE_DOWN) : err
      })
      if (reservation.ok) return s
      if (reservation.reason === 'short')
        throw new OutOfStock(shortageMessage(reservation.shortages), reservation.shortages)
      throw new NotFound(reservation.message)
    },
    undo: (s) => stock.release(s.orderId),
  }

  const makePaymentLink: Step<Placing> = {
    name: 'number the order and make its payment link',
    async run(s) {
      const seq = await nextOrderSeq(db)
      const number = formatOrderNumber(seq)
      if (s.input.paymentType !== 'online') return { ...s, seq, number }
      try {
        const link = await payments.createLink({
          orderId: s.orderId,
          number,
          amountPaise: s.pricing!.totalPaise,
          customer: { name: s.input.shippingInfo.customerName, phone: s.input.shippingInfo.phoneNumber },
          returnUrl: confirmationUrl(shellUrl, s.orderId),
        })
        return { ...s, seq, number, link }
      } catch (err) {
        if (!(err instanceof PaymentUnavailableError)) throw err
        logger.warn({ orderId: s.orderId, err: err.message }, 'payment link failed; order not placed')
        throw new Unavailable(PAYMENT_DOWN)
      }
    },
  }

  const recordOrder: Step<Placing> = {
    name: 'record the order and order.created',
    async run(s) {
      const { input, link } = s
      const order = await db.$transaction(async (tx: Tx) => {
        const created = await insertOrder(tx, {
          id: s.orderId,
          seq: s.seq!,
          number: s.number!,
          userId: s.userId,
          shippingInfo: input.shippingInfo,
          paymentType: input.paymentType,
          paymentProvider: link ? payments.name : null,
          paymentReference: link?.reference ?? null,
          paymentLinkUrl: link?.url ?? null,
          lines: s.pricing!.lines,
          totalPaise: s.pricing!.totalPaise,
        })
        await enqueueEvents(tx, orderCreated(created))
        return created
      })
      const paymentLinkUrl = link?.url ?? confirmationUrl(shellUrl, s.orderId)
      return { ...s, placed: { order: presentOrder(order), paymentLinkUrl } }
    },
  }

  async function attempt(orderId: string, userId: string, input: OrderInput): Promise<Placed> {
    const done = await runSteps<Placing>(
      { orderId, userId, input },
      [price, reserveStock, makePaymentLink, recordOrder],
      (step, err) =>
        logger.error(
          { orderId, step, err: (err as Error).message },
          'could not undo a step of a failed order',
        ),
    )
    return done.placed!
  }

  /** A retry whose first request died half-way: the order may be there already, else place it again. */
  async function resume(orderId: string, userId: string, input: OrderInput): Promise<Placed> {
    const existing = await findOrder(db, orderId)
    if (!existing) return attempt(orderId, userId, input)
    const paymentLinkUrl = existing.paymentLinkUrl ?? confirmationUrl(shellUrl, orderId)
    return { order: presentOrder(existing), paymentLinkUrl }
  }

  /** Places the customer's order; with an Idempotency-Key, a retry gets the first answer again. */
  async function place(userId: string, input: OrderInput, key: string | undefined): Promise<Reply> {
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
      throw new Invalid(`${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 visible characters`)
    return idempotent(
      {
        store: idempotencyStore(db, userId),
        key,
        requestHash: requestHash(input),
        newId: randomUUID,
        status: 201,
        staleAfterMs: STALE_CLAIM_MS,
        messages: {
          mismatch: 'This Idempotency-Key was already used for a different order',
          inProgress: 'An order with this Idempotency-Key is still being placed. Try again shortly.',
        },
      },
      (orderId, resumed) => (resumed ? resume : attempt)(orderId, userId, input),
    )
  }

  return { place }
}
