import { createHash, randomUUID } from 'node:crypto'
import type { createOrderRequest } from '@medstore/contracts/order'
import { enqueueEvents, HttpError, type Logger } from '@medstore/service-kit'
import type { z } from 'zod'
import { confirmationUrl } from '../config'
import type { Tx } from '../data/db'
import { claimKey, completeKey, releaseKey, takeOverKey } from '../data/idempotency'
import { findOrder, insertOrder, nextOrderSeq } from '../data/order-repository'
import { findProducts } from '../data/product-replica'
import { formatOrderNumber } from '../domain/order-number'
import { priceOrder, shortageMessage } from '../domain/pricing'
import { orderCreated } from '../events/order-events'
import type { PrismaClient } from '../generated/prisma/client'
import { type PaymentProvider, PaymentUnavailableError } from '../payment/provider'
import { type StockReservations, StockUnavailableError } from '../stock/reservations'
import { toApiOrder } from './order-view'

export type OrderInput = z.infer<typeof createOrderRequest>
/** An answer worth replaying to a retry with the same Idempotency-Key. */
export type Placement = { status: number; body: unknown }

export type PlaceOrderDeps = {
  db: PrismaClient
  stock: StockReservations
  payments: PaymentProvider
  shellUrl: string
  logger: Logger
}

/** A claim older than this whose request never finished (the process died) is taken over by a retry. */
const STALE_CLAIM_MS = 60_000

const catalogueDown = () =>
  new HttpError(503, 'We cannot check stock right now, so nothing was ordered. Please try again shortly.')
const paymentDown = () =>
  new HttpError(
    503,
    'Online payment is unavailable right now, so nothing was ordered. Please try again or choose cash on delivery.',
  )

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

/**
 * Placing an order: price every line from the replica, reserve the stock in the catalogue (all or nothing),
 * make the payment link, then write the order and its order.created event in one transaction. If anything
 * after the reservation fails, the reservation is released, so a failed placement holds no stock.
 */
export function placeOrderUseCase({ db, stock, payments, shellUrl, logger }: PlaceOrderDeps) {
  async function attempt(orderId: string, userId: string, input: OrderInput): Promise<Placement> {
    const pricing = priceOrder(
      input.items,
      await findProducts(
        db,
        input.items.map((i) => i.productId),
      ),
    )
    if (!pricing.ok) {
      const { productId, name } = pricing.missing
      return {
        status: 404,
        body: { message: name ? `${name} is not sold any more` : `Product not found: ${productId}` },
      }
    }
    const reservation = await stock
      .reserve({ orderId, items: input.items.map(({ productId, quantity }) => ({ productId, quantity })) })
      .catch(async (err) => {
        // A timeout may hide a reservation the catalogue did make: give it back (release is idempotent).
        await stock.release(orderId).catch(() => undefined)
        if (err instanceof StockUnavailableError) throw catalogueDown()
        throw err
      })
    if (!reservation.ok) {
      return reservation.reason === 'short'
        ? {
            status: 409,
            body: { message: shortageMessage(reservation.shortages), shortages: reservation.shortages },
          }
        : { status: 404, body: { message: reservation.message } }
    }

    try {
      const seq = await nextOrderSeq(db)
      const number = formatOrderNumber(seq)
      const returnUrl = confirmationUrl(shellUrl, orderId)
      const link =
        input.paymentType === 'online'
          ? await payments.createLink({
              orderId,
              number,
              amountPaise: pricing.totalPaise,
              customer: { name: input.shippingInfo.customerName, phone: input.shippingInfo.phoneNumber },
              returnUrl,
            })
          : undefined
      const order = await db.$transaction(async (tx: Tx) => {
        const created = await insertOrder(tx, {
          id: orderId,
          seq,
          number,
          userId,
          shippingInfo: input.shippingInfo,
          paymentType: input.paymentType,
          paymentProvider: link ? payments.name : null,
          paymentReference: link?.reference ?? null,
          paymentLinkUrl: link?.url ?? null,
          lines: pricing.lines,
          totalPaise: pricing.totalPaise,
        })
        await enqueueEvents(tx, orderCreated(created))
        return created
      })
      return { status: 201, body: { order: toApiOrder(order), paymentLinkUrl: link?.url ?? returnUrl } }
    } catch (err) {
      await stock
        .release(orderId)
        .catch((releaseErr: Error) =>
          logger.error({ orderId, err: releaseErr.message }, 'could not release the stock of a failed order'),
        )
      if (err instanceof PaymentUnavailableError) {
        logger.warn({ orderId, err: err.message }, 'payment link failed; order not placed')
        throw paymentDown()
      }
      throw err
    }
  }

  /** A retry whose first request died half-way: the order may be there already, else place it again. */
  async function resume(orderId: string, userId: string, input: OrderInput): Promise<Placement> {
    const existing = await findOrder(db, orderId)
    if (!existing) return attempt(orderId, userId, input)
    const paymentLinkUrl = existing.paymentLinkUrl ?? confirmationUrl(shellUrl, orderId)
    return { status: 201, body: { order: toApiOrder(existing), paymentLinkUrl } }
  }

  return async function placeOrder(userId: string, input: OrderInput, key?: string): Promise<Placement> {
    if (!key) return attempt(randomUUID(), userId, input)
    const claim = await claimKey(db, userId, key, requestHash(input), randomUUID())
    switch (claim.kind) {
      case 'replay':
        return { status: claim.status, body: claim.body }
      case 'mismatch':
        throw new HttpError(422, 'This Idempotency-Key was already used for a different order')
      case 'in-progress':
        if (
          Date.now() - claim.since.getTime() < STALE_CLAIM_MS ||
          !(await takeOverKey(db, userId, key, claim.since))
        )
          throw new HttpError(
            409,
            'An order with this Idempotency-Key is still being placed. Try again shortly.',
          )
    }
    try {
      const placement =
        claim.kind === 'new'
          ? await attempt(claim.orderId, userId, input)
          : await resume(claim.orderId, userId, input)
      await completeKey(db, userId, key, placement.status, placement.body)
      return placement
    } catch (err) {
      await releaseKey(db, userId, key).catch(() => undefined)
      throw err
    }
  }
}
