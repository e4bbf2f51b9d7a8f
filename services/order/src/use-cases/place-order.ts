import { createHash, randomUUID } from 'node:crypto'
import { OutOfStock } from '@medstore/catalogue-kit'
import { type createOrderRequest, IDEMPOTENCY_KEY_HEADER, type Placed } from '@medstore/contracts/order'
import {
  createEvent,
  enqueueEvents,
  Invalid,
  idempotent,
  type Logger,
  NotFound,
  type RawSql,
  type Reply,
  runSteps,
  type Step,
  sqlOver,
  sqlTransaction,
  Unavailable,
  Unprocessable,
  wakingRelaysAfter,
} from '@medstore/service-kit'
import type pg from 'pg'
import type { z } from 'zod'
import { idempotencyStore, type OrderIdempotencyStore } from '../data/idempotency'
import { findOrder, insertOrder, NEW_ORDER_STATUS, newStoredOrder } from '../data/order-repository'
import { findPrescriptionReplica, insertOrderPrescription } from '../data/prescriptions'
import { findProductsAndNumber } from '../data/product-replica'
import type { DeliveryUseCases } from '../delivery/delivery-use-cases'
import {
  type CustomerAddresses,
  type CustomerRequest,
  confirmationPath,
  confirmationUrl,
  customerAddresses,
  type ShopAddresses,
} from '../domain/customer-addresses'
import { formatOrderNumber } from '../domain/order-number'
import { indianDay, prescriptionLines, prescriptionRefusal } from '../domain/prescription-rule'
import { type Pricing, priceOrder } from '../domain/pricing'
import { orderCreated } from '../events/order-events'
import type { PrismaClient } from '../generated/prisma/client'
import { type PaymentLink, type PaymentProvider, PaymentUnavailableError } from '../payment/provider'
import { presentOrder } from '../presenters/order'
import { type StockReservations, StockUnavailableError } from '../stock/reservations'

export type OrderInput = z.infer<typeof createOrderRequest>

export type PlaceOrderDeps = {
  db: PrismaClient
  /** The pool under `db`: placing an order is plain SQL, the service's hottest path. */
  sql: pg.Pool
  stock: StockReservations
  payments: PaymentProvider
  addresses: ShopAddresses
  /** How long a payment link stays payable. */
  linkLifetimeMs: number
  /** The delivery promise for the shipping PIN code (refuses a PIN code we do not deliver to). */
  delivery: Pick<DeliveryUseCases, 'promiseFor'>
  logger: Logger
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/
const CREATED = 201

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
        // Only when sent, so the hash of an order without one is what it always was.
        ...(input.prescriptionId ? { prescriptionId: input.prescriptionId } : {}),
      }),
    )
    .digest('hex')

/** The request's Idempotency-Key: its answer is stored by the statement (or transaction) writing the order. */
type Keyed = { store: OrderIdempotencyStore; key: string }

/** What placing one order has made so far; each step adds its part. */
type Placing = {
  orderId: string
  userId: string
  input: OrderInput
  /** Where the customer is: an online payment returns them to their shop origin. */
  where: CustomerAddresses
  keyed?: Keyed
  /** YYYY-MM-DD: 'Delivery by', promised for the shipping PIN code now. */
  promisedDeliveryDate?: string
  pricing?: Extract<Pricing, { ok: true }>
  seq?: number
  number?: string
  link?: PaymentLink & { expiresAt: Date }
  placed?: Placed
}

/**
 * Placing an order, as steps each with its undo beside it: price every line from the replica and take the
 * order's number (one round trip), reserve the stock in the catalogue (all or nothing) ↔ release it, make
 * the payment link, then write the order, its lines, its order.created event and the Idempotency-Key's
 * answer in one statement (a held prescription order: in one transaction with its prescription). A failure
 * after the reservation releases it, so a failed placement holds no stock. With an Idempotency-Key, the
 * kit's idempotent() answers retries. The database work is plain SQL on the pool (no Prisma runtime per
 * query) and no transaction is open while the catalogue is called.
 */
export function placeOrderUseCases({
  db,
  sql,
  stock,
  payments,
  addresses,
  linkLifetimeMs,
  logger,
  delivery,
}: PlaceOrderDeps) {
  const pool: RawSql = sqlOver(sql)
  // First: a PIN code we do not deliver to is refused before anything is priced or reserved.
  const promiseDelivery: Step<Placing> = {
    name: 'promise a delivery day to the PIN code',
    async run(s) {
      return {
        ...s,
        promisedDeliveryDate: await delivery.promiseFor(s.input.shippingInfo.postalCode, new Date()),
      }
    },
  }

  const price: Step<Placing> = {
    name: 'price from the replica and number the order',
    async run(s) {
      const { products, seq } = await findProductsAndNumber(
        pool,
        s.input.items.map((i) => i.productId),
      )
      const pricing = priceOrder(s.input.items, products)
      if (pricing.ok) return { ...s, pricing, seq, number: formatOrderNumber(seq) }
      const { productId, name } = pricing.missing
      throw new NotFound(name ? `${name} is not sold any more` : `Product not found: ${productId}`)
    },
  }

  // Before any stock is held: Schedule X is never sold online, H and H1 need a usable prescription.
  const checkPrescription: Step<Placing> = {
    name: 'check schedules and the prescription',
    async run(s) {
      const id = s.input.prescriptionId
      const known = id ? await findPrescriptionReplica(pool, id) : undefined
      const refusal = prescriptionRefusal(s.pricing!.lines, s.userId, id, known, indianDay(new Date()))
      if (refusal) throw new Unprocessable(refusal.message, { code: refusal.code })
      return s
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
      // The catalogue's words and lines, as the catalogue gave them.
      if (reservation.reason === 'short') throw new OutOfStock(reservation.message, reservation.shortages)
      throw new NotFound(reservation.message)
    },
    undo: (s) => stock.release(s.orderId),
  }

  const makePaymentLink: Step<Placing> = {
    name: 'make the payment link of an online order',
    async run(s) {
      if (s.input.paymentType !== 'online') return s
      const expiresAt = new Date(Date.now() + linkLifetimeMs)
      try {
        const link = await payments.createLink({
          orderId: s.orderId,
          number: s.number!,
          amountPaise: s.pricing!.totalPaise,
          customer: { name: s.input.shippingInfo.customerName, phone: s.input.shippingInfo.phoneNumber },
          returnUrl: confirmationUrl(s.where.shop, s.orderId),
          apiOrigin: s.where.api,
          expiresAt,
        })
        return { ...s, link: { ...link, expiresAt } }
      } catch (err) {
        if (!(err instanceof PaymentUnavailableError)) throw err
        logger.warn({ orderId: s.orderId, err: err.message }, 'payment link failed; order not placed')
        throw new Unavailable(PAYMENT_DOWN)
      }
    },
  }

  // The order is built here, as stored, so its answer is known before it is written: one statement writes
  // the order, its lines, order.created and the Idempotency-Key's answer (atomic on its own: one round trip,
  // no BEGIN/COMMIT). A held order writes its prescription state and event with it: one transaction.
  const recordOrder: Step<Placing> = {
    name: 'record the order and order.created',
    async run(s) {
      const { input, link, seq, number, keyed } = s
      const paymentLinkUrl = link?.url ?? confirmationPath(s.orderId)
      const lines = s.pricing!.lines
      const created = newStoredOrder(
        {
          id: s.orderId,
          seq: seq!,
          number: number!,
          userId: s.userId,
          shippingInfo: input.shippingInfo,
          paymentType: input.paymentType,
          paymentProvider: link ? payments.name : null,
          paymentReference: link?.reference ?? null,
          paymentLinkUrl: link?.url ?? null,
          paymentExpiresAt: link?.expiresAt ?? null,
          lines,
          totalPaise: s.pricing!.totalPaise,
          promisedDeliveryDate: s.promisedDeliveryDate!,
        },
        new Date(),
        lines.map(() => randomUUID()),
      )
      const events = [
        orderCreated({ id: s.orderId, userId: s.userId, number: number!, status: NEW_ORDER_STATUS }),
      ]
      const answer = (): Placed => ({ order: presentOrder(created), paymentLinkUrl })
      const rx = prescriptionLines(lines.map((line, i) => ({ ...line, itemId: created.items[i]!.id })))
      if (rx.length === 0 || !input.prescriptionId) {
        const placed = answer()
        const also =
          keyed &&
          ((first: number) => keyed.store.answerAlso(keyed.key, { status: CREATED, body: placed }, first))
        await wakingRelaysAfter(() => insertOrder(pool, created, events, also))
        return { ...s, placed }
      }
      const prescriptionId = input.prescriptionId
      const placed = await sqlTransaction(sql, async (tx) => {
        await insertOrder(tx, created, events)
        // Held until a pharmacist approves: the prescription service queues it from this event.
        created.prescription = await insertOrderPrescription(tx, s.orderId, prescriptionId)
        await enqueueEvents(
          tx,
          createEvent('order.prescription_submitted', {
            orderId: s.orderId,
            userId: s.userId,
            number: number!,
            customerName: input.shippingInfo.customerName,
            prescriptionId,
            placedAt: created.createdAt.toISOString(),
            lines: rx.map((l) => ({
              itemId: l.itemId,
              productId: l.productId,
              name: l.name,
              schedule: l.schedule as 'H' | 'H1',
              quantity: l.quantity,
            })),
          }),
        )
        const held = answer()
        await keyed?.store.answerWithin(tx, keyed.key, { status: CREATED, body: held })
        return held
      })
      return { ...s, placed }
    },
  }

  async function attempt(
    orderId: string,
    userId: string,
    input: OrderInput,
    where: CustomerAddresses,
    keyed?: Keyed,
  ): Promise<Placed> {
    const done = await runSteps<Placing>(
      { orderId, userId, input, where, keyed },
      [promiseDelivery, price, checkPrescription, reserveStock, makePaymentLink, recordOrder],
      (step, err) =>
        logger.error(
          { orderId, step, err: (err as Error).message },
          'could not undo a step of a failed order',
        ),
    )
    return done.placed!
  }

  /** A retry whose first request died half-way: the order may be there already, else place it again. */
  async function resume(
    orderId: string,
    userId: string,
    input: OrderInput,
    where: CustomerAddresses,
    keyed?: Keyed,
  ): Promise<Placed> {
    const existing = await findOrder(db, orderId)
    if (!existing) return attempt(orderId, userId, input, where, keyed)
    const paymentLinkUrl = existing.paymentLinkUrl ?? confirmationPath(orderId)
    return { order: presentOrder(existing), paymentLinkUrl }
  }

  /**
   * Places the customer's order; with an Idempotency-Key, a retry gets the first answer again. A cash
   * order's answer names its confirmation page as a path, so the shop stays on its own origin.
   */
  async function place(
    userId: string,
    input: OrderInput,
    key: string | undefined,
    from: CustomerRequest = {},
  ): Promise<Reply> {
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
      throw new Invalid(`${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 visible characters`)
    const store = idempotencyStore(pool, userId)
    // With a key, its answer is written with the order (one commit fewer than completing after).
    const keyed: Keyed | undefined = key === undefined ? undefined : { store, key }
    const where = customerAddresses(addresses, from)
    return idempotent(
      {
        store,
        key,
        requestHash: requestHash(input),
        newId: randomUUID,
        status: CREATED,
        staleAfterMs: STALE_CLAIM_MS,
        messages: {
          mismatch: 'This Idempotency-Key was already used for a different order',
          inProgress: 'An order with this Idempotency-Key is still being placed. Try again shortly.',
        },
      },
      (orderId, resumed) => (resumed ? resume : attempt)(orderId, userId, input, where, keyed),
    )
  }

  return { place }
}
