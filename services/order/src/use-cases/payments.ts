import type { Logger } from '@medstore/service-kit'
import type { Tx } from '../data/db'
import {
  findOrder,
  findOrderByPaymentReference,
  lockOrder,
  type StoredOrder,
  savePayment,
} from '../data/order-repository'
import { recordPaymentEvent } from '../data/payment-events'
import { parkPaymentEvent } from '../data/payment-reviews'
import { refundIdOf } from '../data/refunds'
import { allowedShopOrigin, confirmationUrl, type ShopAddresses } from '../domain/customer-addresses'
import { planOrderStatus } from '../domain/lifecycle'
import { nextPaymentStatus, paymentMismatch } from '../domain/payment-status'
import type { PrismaClient } from '../generated/prisma/client'
import type { LinkNotification, PaymentNotification, RefundNotification } from '../payment/provider'
import type { SandboxPayments } from '../payment/sandbox'
import { applyStatusPlan } from './order-status'
import { oweRefunds, type RefundReportResult, settleRefund } from './refunds'

export type WebhookResult =
  | 'applied'
  | 'unchanged'
  | 'duplicate'
  | 'ignored'
  | 'unknown-order'
  | 'parked'
  | RefundReportResult

/** The keys a notification is recorded under: its id, and the digest of its signed body when that differs. */
const eventKeys = (n: PaymentNotification) => {
  const keys = [`${n.provider}:${n.eventId}`]
  if (n.bodyDigest && n.bodyDigest !== n.eventId) keys.push(`${n.provider}:body:${n.bodyDigest}`)
  return keys
}

async function firstTime(tx: Tx, n: PaymentNotification, orderId: string | null, what: string) {
  for (const key of eventKeys(n)) if (!(await recordPaymentEvent(tx, key, orderId, what))) return false
  return true
}

export function paymentUseCases(
  db: PrismaClient,
  sandbox: SandboxPayments | undefined,
  addresses: ShopAddresses,
  logger: Logger,
) {
  /** A lapsed link (expired, or cancelled at the provider) ends the unpaid order and gives its stock back. */
  async function lapse(tx: Tx, order: StoredOrder) {
    const plan = planOrderStatus(order, 'cancelled')
    if (plan.ok) await applyStatusPlan(tx, order, plan)
  }

  async function applyLinkReport(tx: Tx, n: LinkNotification): Promise<WebhookResult> {
    const outcome = n.outcome!
    const orderId =
      n.orderId ?? (n.reference ? (await findOrderByPaymentReference(tx, n.reference))?.id : undefined)
    if (!(await firstTime(tx, n, orderId ?? null, outcome))) return 'duplicate'
    const order = orderId ? await lockOrder(tx, orderId) : null
    if (
      !order ||
      order.paymentProvider !== n.provider ||
      (n.reference && n.reference !== order.paymentReference)
    )
      return 'unknown-order'
    const mismatch = outcome === 'paid' ? paymentMismatch(order, n) : undefined
    if (mismatch) {
      await parkPaymentEvent(tx, {
        orderId: order.id,
        provider: n.provider,
        eventId: n.eventId,
        reason: mismatch,
        detail: {
          amountPaise: n.amountPaise ?? null,
          currency: n.currency ?? null,
          paymentId: n.paymentId ?? null,
        },
      })
      logger.error({ orderId: order.id, eventId: n.eventId, reason: mismatch }, 'payment parked for a person')
      return 'parked'
    }
    const next = nextPaymentStatus(order.paymentStatus, outcome)
    if (!next) return 'unchanged'
    if (next === 'paid') {
      const paid = await savePayment(tx, order.id, {
        paymentStatus: 'paid',
        paymentId: n.paymentId,
        paidPaise: n.amountPaise,
      })
      // Paid for an order (or items) cancelled meanwhile: the money goes back.
      await oweRefunds(tx, paid)
      if (paid.status === 'cancelled')
        logger.warn({ orderId: order.id }, 'payment received for a cancelled order: refunding it')
      return 'applied'
    }
    const failed = await savePayment(tx, order.id, { paymentStatus: next })
    if (outcome === 'expired') await lapse(tx, failed)
    return 'applied'
  }

  async function applyRefundReport(tx: Tx, n: RefundNotification): Promise<WebhookResult> {
    const refundId = n.refundId ?? (await refundIdOf(tx, n.providerRefundId))
    if (!(await firstTime(tx, n, null, `refund.${n.status}`))) return 'duplicate'
    return refundId ? settleRefund(tx, refundId, n.status) : 'unknown-refund'
  }

  return {
    /**
     * Applies a verified webhook (or the answer of a status check) once: the notification id (and the digest
     * of its signed body) is recorded with the change in one transaction, so a redelivery, or a replay of the
     * signed body under another id, finds it and changes nothing. Only the provider that made an order's link
     * may settle it; a payment whose amount or currency is not the order's is parked, never marks it paid.
     */
    async applyNotification(n: PaymentNotification): Promise<WebhookResult> {
      if (n.kind === 'link' && !n.outcome) return 'ignored'
      const result = await db.$transaction((tx: Tx) =>
        n.kind === 'link' ? applyLinkReport(tx, n) : applyRefundReport(tx, n),
      )
      if (result === 'unknown-order' || result === 'unknown-refund')
        logger.error(
          { provider: n.provider, eventId: n.eventId, kind: n.kind, result },
          'payment webhook not applied',
        )
      return result
    },

    /**
     * What the sandbox payment page shows; undefined when the order is not a sandbox online order. It
     * returns the buyer to `shop` when that is one of the shop's origins, else to SHELL_URL.
     */
    async sandboxPage(orderId: string, shop?: string) {
      const order = await findOrder(db, orderId)
      if (!sandbox || order?.paymentType !== 'online' || order.paymentProvider !== 'sandbox') return undefined
      const lapsed = order.paymentExpiresAt !== null && order.paymentExpiresAt.getTime() <= Date.now()
      return {
        number: order.number,
        amountPaise: order.totalPaise,
        paymentStatus: order.paymentStatus,
        cancelled: order.status === 'cancelled' || lapsed,
        returnUrl: confirmationUrl(allowedShopOrigin(addresses, shop) ?? addresses.shellUrl, order.id),
        pay: sandbox.signedNotification(order.id, 'paid', order.totalPaise),
        fail: sandbox.signedNotification(order.id, 'failed', order.totalPaise),
      }
    },
  }
}
export type PaymentUseCases = ReturnType<typeof paymentUseCases>
