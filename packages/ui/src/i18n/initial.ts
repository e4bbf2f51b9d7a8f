import { isLanguage, type Language } from '@medstore/contracts/languages'

/**
 * Which language a page opens in: this device's choice, else the browser's. Its own module with no
 * shared packages in it, so the shell's entry can read it before the app's code (and the kit) have
 * arrived and start fetching that language's messages at once (shell/src/index.ts). index.html's boot
 * script makes the same choice in plain ES5 for the first paint (shell/src/firstPaint/boot.ts).
 */

/** The locale numbers, prices and dates are written in, and `<html lang>`. */
export const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' }

/** Where this device remembers the choice. */
export const LANGUAGE_STORAGE_KEY = 'language'

/** The browser's preferred language: the first of the shop's languages it lists, else English. */
export function browserLanguage(preferred: readonly string[] | undefined): Language {
  for (const tag of preferred ?? []) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLanguage(primary)) return primary
  }
  return 'en'
}

export function languageStorage(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined // storage disabled: the choice lasts as long as the page
  }
}

/** This device's choice, else the browser's language. */
export function initialLanguage(): Language {
  const stored = languageStorage()?.getItem(LANGUAGE_STORAGE_KEY)
  if (isLanguage(stored)) return stored
  return browserLanguage(globalThis.navigator?.languages)
}
