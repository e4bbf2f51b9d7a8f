import type { Logger } from '@medstore/service-kit'
import type { Tx } from '../data/db'
import {
  findOrder,
  findOrderByPaymentReference,
  lockOrder,
  savePaymentStatus,
} from '../data/order-repository'
import { recordPaymentEvent } from '../data/payment-events'
import { allowedShopOrigin, confirmationUrl, type ShopAddresses } from '../domain/customer-addresses'
import { nextPaymentStatus } from '../domain/payment-status'
import type { PrismaClient } from '../generated/prisma/client'
import type { PaymentNotification } from '../payment/provider'
import type { SandboxPayments } from '../payment/sandbox'

export type WebhookResult =
  | 'applied'
  | 'unchanged'
  | 'duplicate'
  | 'ignored'
  | 'unknown-order'
  | 'amount-mismatch'

export function paymentUseCases(
  db: PrismaClient,
  sandbox: SandboxPayments,
  addresses: ShopAddresses,
  logger: Logger,
) {
  return {
    /**
     * Applies a verified webhook once: the notification id (and the digest of its signed body) is recorded
     * with the change in one transaction, so a redelivery, or a replay of the signed body under another
     * id, finds it and changes nothing. Only the provider that made an order's link may settle it.
     */
    async applyNotification(n: PaymentNotification): Promise<WebhookResult> {
      if (!n.outcome) return 'ignored'
      const outcome = n.outcome
      const result = await db.$transaction(async (tx: Tx): Promise<WebhookResult> => {
        const orderId =
          n.orderId ?? (n.reference ? (await findOrderByPaymentReference(tx, n.reference))?.id : undefined)
        const keys = [`${n.provider}:${n.eventId}`]
        if (n.bodyDigest && n.bodyDigest !== n.eventId) keys.push(`${n.provider}:body:${n.bodyDigest}`)
        for (const key of keys)
          if (!(await recordPaymentEvent(tx, key, orderId ?? null, outcome))) return 'duplicate'
        const order = orderId ? await lockOrder(tx, orderId) : null
        if (
          !order ||
          order.paymentProvider !== n.provider ||
          (n.reference && n.reference !== order.paymentReference)
        )
          return 'unknown-order'
        if (outcome === 'paid' && n.amountPaise !== undefined && n.amountPaise !== order.totalPaise)
          return 'amount-mismatch'
        const next = nextPaymentStatus(order.paymentStatus, outcome)
        if (!next) return 'unchanged'
        await savePaymentStatus(tx, order.id, next)
        if (next === 'paid' && order.status === 'cancelled')
          logger.warn({ orderId: order.id }, 'payment received for a cancelled order: refund it')
        return 'applied'
      })
      if (result === 'unknown-order' || result === 'amount-mismatch')
        logger.error(
          { provider: n.provider, eventId: n.eventId, orderId: n.orderId, result },
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
      if (order?.paymentType !== 'online' || order.paymentProvider !== 'sandbox') return undefined
      return {
        number: order.number,
        amountPaise: order.totalPaise,
        paymentStatus: order.paymentStatus,
        cancelled: order.status === 'cancelled',
        returnUrl: confirmationUrl(allowedShopOrigin(addresses, shop) ?? addresses.shellUrl, order.id),
        pay: sandbox.signedNotification(order.id, 'paid', order.totalPaise),
        fail: sandbox.signedNotification(order.id, 'failed', order.totalPaise),
      }
    },
  }
}
