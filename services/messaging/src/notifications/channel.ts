import type { Logger } from '@medstore/service-kit'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Recipient } from '../data/replicas'
import { notificationEmail } from '../domain/notification-text'

/**
 * One notification on its way out, its text in the recipient's language; the customer is unknown until
 * their user.registered arrives.
 */
export type OutgoingNotification = {
  id: string
  userId: string
  orderNumber: string
  text: string
  recipient: Recipient | undefined
}

/** Where notifications go. A failed send throws; the dispatcher retries it later. */
export interface NotificationChannel {
  readonly name: string
  send(notification: OutgoingNotification): Promise<void>
  close(): Promise<void>
}

/** The default: the notification is stored (customers read it through the API) and written to the log. */
export class LogChannel implements NotificationChannel {
  readonly name = 'log'
  constructor(private readonly logger: Logger) {}

  async send(notification: OutgoingNotification): Promise<void> {
    this.logger.info(
      { notificationId: notification.id, userId: notification.userId },
      `notification: ${notification.text}`,
    )
  }

  async close(): Promise<void> {}
}

/** E-mails the customer through an SMTP server (SMTP_URL, e.g. smtp://user:pass@smtp.example.com:587). */
export class SmtpChannel implements NotificationChannel {
  readonly name = 'smtp'
  private readonly transport: Transporter

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl)
  }

  async send(notification: OutgoingNotification): Promise<void> {
    const { recipient } = notification
    if (!recipient) throw new Error('no e-mail address known for this customer yet')
    const mail = notificationEmail({
      text: notification.text,
      orderNumber: notification.orderNumber,
      customerName: recipient.name,
      language: recipient.language,
    })
    await this.transport.sendMail({
      from: this.from,
      to: { name: recipient.name, address: recipient.email },
      subject: mail.subject,
      text: mail.body,
    })
  }

  async close(): Promise<void> {
    this.transport.close()
  }
}

export function notificationChannel(config: { SMTP_URL?: string; MAIL_FROM: string }, logger: Logger) {
  return config.SMTP_URL ? new SmtpChannel(config.SMTP_URL, config.MAIL_FROM) : new LogChannel(logger)
}
