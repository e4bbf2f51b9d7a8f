import { IntlMessageFormat } from 'intl-messageformat'
import { Children, type ReactNode, useSyncExternalStore } from 'react'
import { LANGUAGES, type Language, LOCALES, useLanguage, useLanguageStore } from './language.ts'

/**
 * One slice's messages (shell, mfe-store, mfe-checkout each own theirs, in `<slice>/src/locales/<lang>.json`),
 * written in ICU MessageFormat and formatted by FormatJS's `intl-messageformat` (react-intl's engine).
 *
 * English is the source language and the fallback: its catalogue is imported statically (its texts were
 * literals in the same bundle before, so English costs only the keys). Every other language's catalogue is a
 * dynamic import, fetched by the slice itself the first time that language is in use: a remote deploys on
 * its own and carries its own messages, while the language choice is one store for the page
 * (./language.ts, in this shared singleton). Until a catalogue has arrived its slice shows English.
 *
 * The build compiles catalogues to FormatJS's message AST (packages/mf-config/src/catalogue-loader.mjs),
 * so the browser never ships the ICU parser; messages without ICU syntax stay plain strings and are
 * shown as they are. Under vitest the catalogues are plain JSON and the parser is there.
 */
export type Message = string | ConstructorParameters<typeof IntlMessageFormat>[0]
export type Messages = Readonly<Record<string, Message>>
export type MessageValues = Record<string, string | number | Date | boolean | null | undefined>

/** Same rule as the build's catalogue loader: text with none of these characters is no ICU pattern. */
const ICU_SYNTAX = /[{}'<#]/

/** A slice's translate function, bound to the language being shown. */
export interface Translate<Key extends string> {
  (key: Key, values?: MessageValues): string
  /**
   * A message with markup: `t.rich('reviews.signIn', { link: (text) => <Link to={…}>{text}</Link> })` for
   * "Please <link>sign in</link> to review this product.", so each language keeps its own word order.
   */
  rich(
    key: Key,
    values: Record<string, MessageValues[string] | ((chunks: ReactNode[]) => ReactNode)>,
  ): ReactNode
  /** The language the messages are in. */
  language: Language
  /** Its locale (`en-IN`, `hi-IN`), for numbers, prices and dates. */
  locale: string
}

type Loader = () => Promise<{ default: unknown }>

export interface Catalogue<Key extends string> {
  /** Components: `const t = useT()`, then `t('cart.add')`, `t('cart.items', { count })`. */
  useT(): Translate<Key>
  /** Code outside components (a toast after a request): the message in the page's language now. */
  t(key: Key, values?: MessageValues): string
  /** Resolves once the language's messages are in (tests, and code that must not show English first). */
  ready(language: Language): Promise<void>
}

export function defineCatalogue<English extends Record<string, string>>(
  english: English,
  others: Record<Exclude<Language, 'en'>, Loader>,
): Catalogue<keyof English & string> {
  type Key = keyof English & string
  const loaded: Partial<Record<Language, Messages>> = { en: english }
  const loading = new Map<Language, Promise<void>>()
  const listeners = new Set<() => void>()
  const compiled = new Map<string, IntlMessageFormat>()

  function load(language: Language): Promise<void> {
    if (language === 'en' || loaded[language]) return Promise.resolve()
    const pending = loading.get(language)
    if (pending) return pending
    const started = others[language]().then(
      (module) => {
        loaded[language] = module.default as Messages
        for (const listener of listeners) listener()
      },
      (error: unknown) => {
        // Offline or a redeploy in between: this slice stays English; the next switch tries again.
        loading.delete(language)
        console.warn(`messages for ${language} did not load`, error)
      },
    )
    loading.set(language, started)
    return started
  }
  // Start fetching as soon as the slice loads, not when its first component renders.
  void load(useLanguageStore.getState().language)
  useLanguageStore.subscribe((state) => void load(state.language))

  function formatter(language: Language, key: Key): IntlMessageFormat | string {
    const message = loaded[language]?.[key] ?? english[key] ?? key
    if (typeof message === 'string' && !ICU_SYNTAX.test(message)) return message
    const id = `${language}\u0000${key}`
    let format = compiled.get(id)
    if (!format) {
      format = new IntlMessageFormat(message, LOCALES[language])
      compiled.set(id, format)
    }
    return format
  }

  function translate(language: Language, key: Key, values?: MessageValues): string {
    const format = formatter(language, key)
    return typeof format === 'string' ? format : String(format.format(values))
  }

  const bound = (language: Language): Translate<Key> =>
    Object.assign((key: Key, values?: MessageValues) => translate(language, key, values), {
      rich(key: Key, values: Parameters<Translate<Key>['rich']>[1]): ReactNode {
        const format = formatter(language, key)
        if (typeof format === 'string') return format
        const parts = format.format<ReactNode>(
          values as Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>,
        )
        return Array.isArray(parts) ? Children.toArray(parts) : parts
      },
      language,
      locale: LOCALES[language],
    })

  // One function per language, so a component's `t` stays the same object until the language changes.
  const translators = Object.fromEntries(LANGUAGES.map((language) => [language, bound(language)])) as Record<
    Language,
    Translate<Key>
  >

  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }

  return {
    useT() {
      const language = useLanguage()
      const ready = useSyncExternalStore(
        subscribe,
        () => loaded[language] !== undefined,
        () => language === 'en',
      )
      const shown: Language = ready ? language : 'en'
      return translators[shown]
    },
    t(key, values) {
      const language = useLanguageStore.getState().language
      return translate(loaded[language] ? language : 'en', key, values)
    },
    ready: load,
  }
}
