import { serviceEnvWithPort } from '@medstore/service-kit'
import { z } from 'zod'

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v)
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)

/** The messaging service's settings: the kit's plus the contact-box rate limit and notification delivery. */
export const messagingEnv = serviceEnvWithPort(4006).extend({
  /**
   * Contact messages accepted from one client address per window (refused ones do not count). Shared
   * mobile networks (carrier-grade NAT) put many people behind one address, so the budget is generous.
   */
  CONTACT_RATE_LIMIT: positiveInt(60),
  CONTACT_RATE_WINDOW_MS: positiveInt(15 * 60_000),
  /** When set (smtp:// or smtps://), notifications are e-mailed; otherwise they are logged (and always stored). */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().min(1).default('Medicine Store <no-reply@medicine-store.in>'),
  /** How often the dispatcher looks for notifications due for a (re)try. */
  NOTIFY_POLL_MS: positiveInt(5_000),
  /** Wait before the first retry of a failed delivery; doubles after each failure. */
  NOTIFY_RETRY_MS: positiveInt(30_000),
  NOTIFY_MAX_ATTEMPTS: positiveInt(8),
})
export type MessagingConfig = z.infer<typeof messagingEnv>
