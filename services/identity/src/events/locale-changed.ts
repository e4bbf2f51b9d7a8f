import type { Language } from '@medstore/contracts/languages'
import { createEvent } from '@medstore/service-kit'

/** `user.locale_changed`: the customer chose the language they read the shop in; messaging writes their e-mails in it. */
export const localeChanged = (userId: string, locale: Language) =>
  createEvent('user.locale_changed', { userId, locale })
