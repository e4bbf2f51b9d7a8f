import { createEvent } from '@medstore/service-kit'
import { type Account, accountLanguage, displayName } from '../domain/users'

/**
 * `user.registered`: a new account exists (customers at sign-up, the administrator when first ensured),
 * dated at the account's creation (a backdated demo customer joined when its record says).
 */
export const userRegistered = (a: Account) =>
  createEvent(
    'user.registered',
    {
      userId: a.id,
      userName: a.userName,
      email: a.email,
      name: displayName(a),
      isAdmin: a.isAdmin,
      locale: accountLanguage(a),
    },
    { occurredAt: a.createdAt },
  )
