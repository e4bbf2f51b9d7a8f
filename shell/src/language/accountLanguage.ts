import { identityApi } from '@medstore/contracts/endpoints'
import type { UserInfo } from '@medstore/contracts/identity'
import { type Language, useLanguageStore } from '@medstore/ui'
import { api, useProfileStore } from '@medstore/web-client'

/**
 * A signed-in customer's language is kept by the server too (identity's `PUT /auth/locale`), so their
 * other devices and their e-mails follow it. A failure to tell it changes nothing on this page: the
 * device keeps the choice, and the next switch tells the server again.
 */
function tellServer(language: Language): void {
  if (!useProfileStore.getState().profile) return
  void api.call(identityApi.setLocale, { body: { locale: language }, quiet: true }).catch(() => undefined)
}

/** The header's switch: this page, this device, and (signed in) the account. */
export function chooseLanguage(language: Language): void {
  useLanguageStore.getState().setLanguage(language)
  tellServer(language)
}

/**
 * At sign-in: the account's language, chosen on another device, becomes this device's. An account that
 * has none yet takes the one this device shows, so its e-mails are written in it.
 */
export function adoptAccountLanguage(userInfo: UserInfo): void {
  if (userInfo.locale) useLanguageStore.getState().setLanguage(userInfo.locale)
  else tellServer(useLanguageStore.getState().language)
}

/** The language to sign up in: the one the form is shown in. */
export const signUpLanguage = (): Language => useLanguageStore.getState().language
