import type { Logger, RawSql } from '@medstore/service-kit'
import { claimDue, type DueNotification, markAttemptFailed, markSent } from '../data/notifications'
import { findRecipients } from '../data/replicas'
import { noticeText, retryDelayMs } from '../domain/notification-text'
import type { NotificationChannel } from './channel'

export type DispatcherOptions = {
  sql: RawSql
  channel: NotificationChannel
  logger: Logger
  pollMs: number
  retryMs: number
  maxAttempts: number
  batchSize?: number
  /** How long one attempt may hold a notification before another dispatcher may take it. */
  leaseMs?: number
}

/**
 * Delivers stored notifications through the channel, after the transaction that stored them has
 * committed (a send is never undone by a rollback, and a failing mail server never holds up the event
 * consumer). Runs when kicked (after each order event) and on a timer (retries, expired leases).
 * At least once: a process that dies between sending a batch and recording it sends those again.
 */
export class NotificationDispatcher {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private kickedWhileRunning = false
  private stopped = false

  constructor(private readonly options: DispatcherOptions) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.options.pollMs)
    this.timer.unref()
    this.kick()
  }

  /** Delivers whatever is due now; a kick during a run makes one more run afterwards. */
  kick(): void {
    if (this.stopped) return
    if (this.running) {
      this.kickedWhileRunning = true
      return
    }
    this.running = this.drain()
      .catch((err) =>
        this.options.logger.error({ err: (err as Error).message }, 'notification delivery failed'),
      )
      .finally(() => {
        this.running = undefined
        if (this.kickedWhileRunning) {
          this.kickedWhileRunning = false
          this.kick()
        }
      })
  }

  /** Resolves once nothing is running; for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await this.idle()
    await this.options.channel.close()
  }

  private async drain(): Promise<void> {
    const { sql, batchSize = 20, leaseMs = 60_000 } = this.options
    for (;;) {
      const due = await claimDue(sql, batchSize, leaseMs)
      if (due.length === 0) return
      const recipients = await findRecipients(sql, [...new Set(due.map((n) => n.userId))])
      const delivered = await Promise.all(due.map((n) => this.deliver(n, recipients.get(n.userId))))
      // One update records the batch's deliveries (one each was ~1.4 commits per order).
      const sent = due.filter((_, i) => delivered[i]).map((n) => n.id)
      if (sent.length) await markSent(sql, sent, this.options.channel.name)
      if (due.length < batchSize || this.stopped) return
    }
  }

  private async deliver(
    notification: DueNotification,
    recipient: Parameters<NotificationChannel['send']>[0]['recipient'],
  ): Promise<boolean> {
    const { sql, channel, logger, retryMs, maxAttempts } = this.options
    // Written now, in the language the customer reads today; one stored before `params` has its English text.
    const { id, userId, orderNumber, params } = notification
    const text = params ? noticeText(params, recipient?.language ?? 'en') : notification.text
    try {
      await channel.send({ id, userId, orderNumber, text, recipient })
      return true
    } catch (err) {
      const reason = (err as Error).message
      const giveUp = notification.attempts >= maxAttempts
      const retryAt = giveUp ? null : new Date(Date.now() + retryDelayMs(notification.attempts, retryMs))
      await markAttemptFailed(sql, notification.id, reason, retryAt)
      const log = { notificationId: notification.id, attempt: notification.attempts, err: reason }
      if (giveUp) logger.error(log, 'notification could not be delivered; giving up')
      else logger.warn(log, 'notification not delivered; will retry')
      return false
    }
  }
}
