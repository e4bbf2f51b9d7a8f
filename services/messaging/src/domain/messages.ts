import { LANGUAGES, type Language } from '@medstore/contracts/languages'
import { IntlMessageFormat } from 'intl-messageformat'
import en from '../locales/en.json' with { type: 'json' }
import hi from '../locales/hi.json' with { type: 'json' }

/**
 * What the customer reads, in their language: one catalogue per language (../locales/<lang>.json, ICU
 * MessageFormat, formatted by FormatJS's intl-messageformat, the engine the front ends use too). English
 * is the source; a test fails when a key is in one catalogue and not the other.
 */
export type MessageKey = keyof typeof en
export type MessageValues = Record<string, string | number>

export const CATALOGUES: Record<Language, Record<MessageKey, string>> = { en, hi }

/** The locale numbers and dates are written in, per language. */
export const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' }

const formats = new Map<string, IntlMessageFormat>()

/** The message `key` in `language`, its placeholders filled in. */
export function message(language: Language, key: MessageKey, values?: MessageValues): string {
  const id = `${language}\u0000${key}`
  let format = formats.get(id)
  if (!format) {
    format = new IntlMessageFormat(CATALOGUES[language][key], LOCALES[language])
    formats.set(id, format)
  }
  return String(format.format(values))
}

/** A stored language as one the shop speaks: English when unknown. */
export const languageOf = (value: unknown): Language =>
  (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : 'en'
