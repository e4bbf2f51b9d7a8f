import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser'
import { Children, type ReactNode, useSyncExternalStore } from 'react'
import { formatMessage } from './format-message.ts'
import { LANGUAGES, type Language, LOCALES, useLanguageStore } from './language.ts'

/**
 * One slice's messages (shell, mfe-store, mfe-checkout each own theirs, in `<slice>/src/locales/<lang>.json`),
 * written in ICU MessageFormat, compiled to FormatJS's AST (react-intl's) and formatted by ./format-message.ts.
 *
 * Every language, English included, is a chunk of its own (`<slice>/src/locales/index.ts`), fetched the
 * first time the page is in that language: a Hindi reader never downloads English, nor an English one
 * Hindi. A slice's components never show a language other than the page's while it loads: the first
 * render waits for the page's language (`cataloguesReady` in the shell's bootstrap, before a page or a
 * remote's module loaded on demand renders, and a remote's `ready`); a component rendered before its
 * messages are in shows empty texts until they are (no suspending: React's replay of a component
 * suspended by `use` on its first render broke its hooks, error #467); after a switch, a slice keeps the
 * language it showed until the new one has arrived. A remote deploys on its own and carries its own messages, while the
 * language choice is one store for the page (./language.ts, in this shared singleton).
 *
 * The build compiles catalogues to FormatJS's message AST (packages/mf-config/src/catalogue-loader.mjs),
 * so the browser never ships the ICU parser; messages without ICU syntax stay plain strings and are
 * shown as they are. Under vitest the catalogues are plain JSON and the parser is there.
 */
export type Message = string | MessageFormatElement[]
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

type Loader<Content = unknown> = () => Promise<{ default: Content }>

/**
 * A slice's catalogues, one dynamic import each (`() => import('./en.json')`): the English one's type
 * names the keys.
 */
export type MessageLoaders<English = unknown> = { en: Loader<English> } & Record<
  Exclude<Language, 'en'>,
  Loader
>

export interface Catalogue<Key extends string> {
  /** Components: `const t = useT()`, then `t('cart.add')`, `t('cart.items', { count })`. */
  useT(): Translate<Key>
  /** Code outside components (a toast after a request): the message in the language this slice shows. */
  t(key: Key, values?: MessageValues): string
  /** Resolves once the language's messages are in, or failed to load (then the slice shows English). */
  ready(language?: Language): Promise<void>
  /** Whether it shows a language yet. */
  shown(): boolean
}

/** Every catalogue defined on this page, so the first render can wait for all it has imported. */
const catalogues = new Set<Catalogue<string>>()

/**
 * Resolves once every catalogue defined so far has the language's messages (default: the page's):
 * the shell's first render waits for this, so it never shows another language first.
 */
export function cataloguesReady(language: Language = useLanguageStore.getState().language): Promise<void> {
  return Promise.all([...catalogues].map((catalogue) => catalogue.ready(language))).then(() => {})
}

/** Whether every catalogue defined so far shows a language already (rendering now shows no blank text). */
export function cataloguesShown(): boolean {
  return [...catalogues].every((catalogue) => catalogue.shown())
}

export function defineCatalogue<English extends Record<string, string>>(
  loaders: MessageLoaders<English>,
): Catalogue<keyof English & string> {
  type Key = keyof English & string
  const loaded: Partial<Record<Language, Messages>> = {}
  const loading = new Map<Language, Promise<void>>()
  const listeners = new Set<() => void>()
  /** Under vitest: ICU messages parsed once (a build's catalogues arrive parsed). */
  const compiled = new Map<string, MessageFormatElement[]>()
  /** The language this slice's components are in: the page's once its messages are in. */
  let shown: Language | undefined

  const notify = () => {
    for (const listener of listeners) listener()
  }
  function show(language: Language): void {
    if (shown === language || !loaded[language]) return
    shown = language
    notify()
  }

  function load(language: Language): Promise<void> {
    if (loaded[language]) return Promise.resolve()
    const pending = loading.get(language)
    if (pending) return pending
    const started = loaders[language]().then(
      (module) => {
        loaded[language] = module.default as Messages
        if (language === useLanguageStore.getState().language || shown === undefined) show(language)
      },
      (error: unknown) => {
        // Offline or a redeploy in between: the slice keeps what it shows (English if nothing yet); the
        // next switch tries again.
        loading.delete(language)
        console.warn(`messages for ${language} did not load`, error)
        if (shown === undefined && language !== 'en') return load('en')
      },
    )
    loading.set(language, started)
    return started
  }
  // Start fetching as soon as the slice loads, not when its first component renders.
  void load(useLanguageStore.getState().language)
  useLanguageStore.subscribe((state) => {
    show(state.language)
    void load(state.language)
  })

  function elements(language: Language | undefined, key: Key): MessageFormatElement[] | string {
    const messages = language && loaded[language]
    if (!messages) return ''
    const message = messages[key] ?? loaded.en?.[key] ?? key
    if (typeof message !== 'string') return message
    if (!ICU_SYNTAX.test(message)) return message
    const id = `${language}\u0000${key}`
    let parsed = compiled.get(id)
    if (!parsed) {
      parsed = parse(message)
      compiled.set(id, parsed)
    }
    return parsed
  }

  function translate(language: Language | undefined, key: Key, values?: MessageValues): string {
    const message = elements(language, key)
    if (typeof message === 'string') return message
    const text = formatMessage(message, LOCALES[language ?? 'en'], values)
    return typeof text === 'string' ? text : text.join('')
  }

  const bound = (language: Language | undefined): Translate<Key> =>
    Object.assign((key: Key, values?: MessageValues) => translate(language, key, values), {
      rich(key: Key, values: Parameters<Translate<Key>['rich']>[1]): ReactNode {
        const message = elements(language, key)
        if (typeof message === 'string') return message
        const parts = formatMessage<ReactNode>(message, LOCALES[language ?? 'en'], values)
        return Array.isArray(parts) ? Children.toArray(parts) : parts
      },
      language: language ?? 'en',
      locale: LOCALES[language ?? 'en'],
    })

  // One function per language, so a component's `t` stays the same object until the language changes.
  const translators = Object.fromEntries(LANGUAGES.map((language) => [language, bound(language)])) as Record<
    Language,
    Translate<Key>
  >
  /** Before any messages are in: empty texts (never another language's). */
  const blank = bound(undefined)

  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const current = () => shown

  const catalogue: Catalogue<Key> = {
    useT() {
      const language = useSyncExternalStore(subscribe, current, current)
      // Nothing in yet (a component no first render waited for): blank texts until the page's language is.
      return language ? translators[language] : blank
    },
    t: (key, values) => translate(shown, key, values),
    ready: (language = useLanguageStore.getState().language) => load(language),
    shown: () => shown !== undefined,
  }
  catalogues.add(catalogue as Catalogue<string>)
  return catalogue
}
