import type { Logger } from '@medstore/service-kit'
import { markLinkChecked, ordersDueLinkCheck } from '../data/order-repository'
import type { PrismaClient } from '../generated/prisma/client'
import { type LinkReport, type PaymentProvider, PaymentUnavailableError } from '../payment/provider'
import type { PaymentUseCases } from './payments'

/** Orders looked at per round; the rest wait for the next one. */
const BATCH = 50

export type PaymentSweepSettings = {
  /** An unpaid link this old has its state asked once (webhooks can be late or lost). */
  checkAfterMs: number
  intervalMs: number
}

/**
 * Razorpay's advice for late webhooks: ask. Online orders still unpaid some minutes after their link was
 * made, and again once their link has expired, have the link's state fetched from the provider, and the
 * answer goes through the same path as a webhook, under an id of its own per link and outcome (so it is
 * applied once, and a webhook arriving too changes nothing more). A link past its expiry that the provider
 * still calls open is cancelled and lapses: the order is cancelled and its stock given back.
 */
export function paymentSweep(
  db: PrismaClient,
  providers: (name: string | null) => PaymentProvider | undefined,
  payments: PaymentUseCases,
  settings: PaymentSweepSettings,
  logger: Logger,
) {
  async function report(
    provider: PaymentProvider,
    link: { reference: string; expiresAt: Date | null },
    now: Date,
  ) {
    const said: LinkReport = await provider.fetchLink(link)
    if (said.outcome || !link.expiresAt || link.expiresAt > now) return said
    await provider.cancelLink(link)
    return { outcome: 'expired' } satisfies LinkReport
  }

  async function sweepOnce(now = new Date()): Promise<number> {
    const due = await ordersDueLinkCheck(db, new Date(now.getTime() - settings.checkAfterMs), now, BATCH)
    for (const order of due) {
      const provider = providers(order.paymentProvider)
      if (!provider || !order.paymentReference) continue
      const link = { reference: order.paymentReference, expiresAt: order.paymentExpiresAt }
      try {
        const said = await report(provider, link, now)
        await markLinkChecked(db, order.id, now)
        if (said.outcome)
          await payments.applyNotification({
            kind: 'link',
            provider: provider.name,
            eventId: `status-check:${link.reference}:${said.outcome}`,
            orderId: order.id,
            reference: link.reference,
            ...said,
          })
      } catch (err) {
        if (!(err instanceof PaymentUnavailableError)) throw err
        logger.warn({ orderId: order.id, err: err.message }, 'payment link state unknown; asking again later')
      }
    }
    return due.length
  }

  let running: Promise<unknown> | undefined
  const timer = setInterval(() => {
    running ??= sweepOnce()
      .catch((err: Error) => logger.error({ err: err.message }, 'payment sweep failed'))
      .finally(() => {
        running = undefined
      })
  }, settings.intervalMs)
  timer.unref()
  return {
    sweepOnce,
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
