import type { EventData } from '@medstore/contracts/events'
import type { RawSql } from '@medstore/service-kit'
import { insertNotifications } from '../data/notifications'
import { signInFailuresText } from '../domain/notification-text'

/**
 * An account's failed sign-ins as a notice for its owner, stored like an order notification (one per
 * event) so the dispatcher e-mails it with the same retries; it has no order and is not listed.
 */
export async function recordSignInFailures(
  tx: RawSql,
  eventId: string,
  { userId, failures }: EventData<'user.sign_in_failures'>,
): Promise<void> {
  await insertNotifications(tx, [
    {
      eventId,
      userId,
      orderId: '',
      orderNumber: '',
      kind: 'account.sign_in_failures',
      status: '',
      productId: null,
      text: signInFailuresText(failures),
    },
  ])
}
