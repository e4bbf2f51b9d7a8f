import { createEvent } from '@medstore/service-kit'

/** `user.password_reset_requested`: messaging e-mails the link to the account's owner. */
export const passwordResetRequested = (userId: string, resetUrl: string, expiresAt: Date) =>
  createEvent('user.password_reset_requested', { userId, resetUrl, expiresAt: expiresAt.toISOString() })
