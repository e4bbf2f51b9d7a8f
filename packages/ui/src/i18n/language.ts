import { isLanguage, LANGUAGES, type Language } from '@medstore/contracts/languages'
import { create } from 'zustand'

/**
 * The shop's languages (the contracts' list: the server keeps a customer's choice and writes their e-mails
 * in it). The choice is one store for the whole page (`@medstore/ui` is a Module Federation singleton, so
 * the shell and every remote read the same one); each slice owns its messages (./catalogue.ts).
 */
export { isLanguage, LANGUAGES, type Language }

/** What the switch shows for each language, in that language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' }

/** The locale numbers, prices and dates are written in, and `<html lang>`. */
export const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' }

/** Where this device remembers the choice. */
export const LANGUAGE_STORAGE_KEY = 'language'

/** The browser's preferred language: Hindi when the first of hi/en it lists is a Hindi one, else English. */
export function browserLanguage(preferred: readonly string[] | undefined): Language {
  for (const tag of preferred ?? []) {
    const primary = tag.toLowerCase().split('-')[0]
    if (primary === 'hi') return 'hi'
    if (primary === 'en') return 'en'
  }
  return 'en'
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined // storage disabled: the choice lasts as long as the page
  }
}

/** This device's choice, else the browser's language. */
export function initialLanguage(): Language {
  const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY)
  if (isLanguage(stored)) return stored
  return browserLanguage(globalThis.navigator?.languages)
}

function showLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALES[language]
}

interface LanguageState {
  language: Language
  /** Switch the page's language and remember it on this device. */
  setLanguage(language: Language): void
}

export const useLanguageStore = create<LanguageState>((set) => ({
  language: initialLanguage(),
  setLanguage(language) {
    storage()?.setItem(LANGUAGE_STORAGE_KEY, language)
    showLanguage(language)
    set({ language })
  },
}))
showLanguage(useLanguageStore.getState().language)

/** The page's language; components re-render when it changes. */
export const useLanguage = (): Language => useLanguageStore((state) => state.language)

/** The locale to format in right now (for code outside components; components use useT's `t.locale`). */
export const currentLocale = (): string => LOCALES[useLanguageStore.getState().language]
