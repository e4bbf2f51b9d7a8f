import { isLanguage, LANGUAGES, type Language } from '@medstore/contracts/languages'
import { create } from 'zustand'
import {
  browserLanguage,
  initialLanguage,
  LANGUAGE_STORAGE_KEY,
  LOCALES,
  languageStorage,
} from './initial.ts'

/**
 * The shop's languages (the contracts' list: the server keeps a customer's choice and writes their e-mails
 * in it). The choice is one store for the whole page (`@medstore/ui` is a Module Federation singleton, so
 * the shell and every remote read the same one); each slice owns its messages (./catalogue.ts).
 */
export {
  browserLanguage,
  initialLanguage,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
  LOCALES,
}

/** What the switch shows for each language, in that language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' }

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
    languageStorage()?.setItem(LANGUAGE_STORAGE_KEY, language)
    showLanguage(language)
    set({ language })
  },
}))
showLanguage(useLanguageStore.getState().language)

/** The page's language; components re-render when it changes. */
export const useLanguage = (): Language => useLanguageStore((state) => state.language)

/** The locale to format in right now (for code outside components; components use useT's `t.locale`). */
export const currentLocale = (): string => LOCALES[useLanguageStore.getState().language]
