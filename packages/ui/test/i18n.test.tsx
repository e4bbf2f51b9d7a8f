import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
// @ts-expect-error plain JavaScript: the loader rspack runs (no type declarations)
import catalogueLoader from '../../mf-config/src/catalogue-loader.mjs'
import {
  browserLanguage,
  type Catalogue,
  cataloguesReady,
  cataloguesShown,
  defineCatalogue,
  formatLongDate,
  formatRupees,
  LANGUAGE_STORAGE_KEY,
  useLanguageStore,
} from '../src/index.ts'

const english = {
  plain: 'Add to cart',
  apostrophe: "Don't worry",
  items: '{count, plural, one {# item} other {# items}}',
  total: 'Total: {amount}',
}
const hindi = {
  plain: 'कार्ट में डालें',
  apostrophe: 'चिंता न करें',
  items: '{count, plural, one {# आइटम} other {# आइटम}}',
  total: 'कुल: {amount}',
}

afterEach(() => {
  cleanup()
  useLanguageStore.getState().setLanguage('en')
})

describe('the language', () => {
  it("defaults to the browser's first Hindi or English preference", () => {
    expect(browserLanguage(['hi-IN', 'en-IN'])).toBe('hi')
    expect(browserLanguage(['hi'])).toBe('hi')
    expect(browserLanguage(['fr-FR', 'en-GB', 'hi'])).toBe('en')
    expect(browserLanguage(['ta-IN'])).toBe('en')
    expect(browserLanguage(undefined)).toBe('en')
  })

  it('is remembered on this device and sets <html lang>', () => {
    useLanguageStore.getState().setLanguage('hi')
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi')
    expect(document.documentElement.lang).toBe('hi-IN')
    useLanguageStore.getState().setLanguage('en')
    expect(document.documentElement.lang).toBe('en-IN')
  })
})

/** A catalogue whose chunks are counted (each language's `import()` in the browser). */
function counted(
  sources: { en: typeof english; hi: typeof hindi },
  fail: Partial<Record<'en' | 'hi', number>> = {},
) {
  const fetched = { en: 0, hi: 0 }
  const loader = (language: 'en' | 'hi') => async () => {
    fetched[language] += 1
    if (fetched[language] <= (fail[language] ?? 0)) throw new Error('offline')
    return { default: sources[language] }
  }
  return { fetched, catalogue: defineCatalogue({ en: loader('en'), hi: loader('hi') }) }
}

const sources = { en: english, hi: hindi }

/** The `plain` message as a component shows it; `seen` collects every text it rendered. */
function Label({ catalogue, seen = [] }: { catalogue: Catalogue<keyof typeof english>; seen?: string[] }) {
  const text = catalogue.useT()('plain')
  seen.push(text)
  return <p>{text}</p>
}

describe('a catalogue', () => {
  it('fetches only the language in use: English for an English page, Hindi alone for a Hindi one', async () => {
    const { fetched, catalogue } = counted(sources)
    await catalogue.ready()
    expect(fetched).toEqual({ en: 1, hi: 0 })
    expect(catalogue.t('items', { count: 1 })).toBe('1 item')
    expect(catalogue.t('items', { count: 1200 })).toBe('1,200 items')
    expect(catalogue.t('apostrophe')).toBe("Don't worry")

    useLanguageStore.getState().setLanguage('hi')
    const hindiPage = counted(sources)
    await hindiPage.catalogue.ready()
    expect(hindiPage.fetched).toEqual({ en: 0, hi: 1 })
    expect(hindiPage.catalogue.t('plain')).toBe('कार्ट में डालें')
    expect(hindiPage.catalogue.t('items', { count: 3 })).toBe('3 आइटम')
    expect(hindiPage.catalogue.t('total', { amount: formatRupees(1234.5) })).toBe('कुल: ₹1,234.50')
  })

  it("waits for every catalogue defined so far (the shell's first render)", async () => {
    useLanguageStore.getState().setLanguage('hi')
    const first = counted(sources)
    const second = counted(sources)
    await cataloguesReady()
    expect(first.catalogue.t('plain')).toBe('कार्ट में डालें')
    expect(second.catalogue.t('plain')).toBe('कार्ट में डालें')
  })

  it('renders blank texts until the page language is in, then that language: never English first', async () => {
    useLanguageStore.getState().setLanguage('hi')
    const { catalogue } = counted(sources)
    const seen: string[] = []
    render(<Label catalogue={catalogue} seen={seen} />)
    await screen.findByText('कार्ट में डालें')
    expect(new Set(seen)).toEqual(new Set(['', 'कार्ट में डालें']))
    expect(catalogue.shown()).toBe(true)
  })

  it('says when every catalogue shows a language (a remote module rendered on demand waits for that)', async () => {
    useLanguageStore.getState().setLanguage('hi')
    const { catalogue } = counted(sources)
    expect(catalogue.shown()).toBe(false)
    expect(cataloguesShown()).toBe(false)
    await cataloguesReady()
    expect(cataloguesShown()).toBe(true)
  })

  it('keeps the language it shows while a switch loads, then shows the new one', async () => {
    const { catalogue } = counted(sources)
    await catalogue.ready()
    render(<Label catalogue={catalogue} />)
    screen.getByText('Add to cart')
    act(() => useLanguageStore.getState().setLanguage('hi'))
    screen.getByText('Add to cart') // not a key nor a blank while Hindi is on its way
    await screen.findByText('कार्ट में डालें')
    act(() => useLanguageStore.getState().setLanguage('en'))
    screen.getByText('Add to cart')
  })

  it('keeps English while a language fails to load, and tries again on the next switch', async () => {
    const { fetched, catalogue } = counted(sources, { hi: 1 })
    await catalogue.ready()
    useLanguageStore.getState().setLanguage('hi')
    await catalogue.ready('hi')
    expect(catalogue.t('plain')).toBe('Add to cart')
    useLanguageStore.getState().setLanguage('en')
    useLanguageStore.getState().setLanguage('hi')
    await catalogue.ready('hi')
    expect(catalogue.t('plain')).toBe('कार्ट में डालें')
    expect(fetched.hi).toBe(2)
  })

  it('falls back to English when the first language a page asks for does not load', async () => {
    useLanguageStore.getState().setLanguage('hi')
    const { fetched, catalogue } = counted(sources, { hi: 1 })
    await catalogue.ready()
    expect(fetched).toEqual({ en: 1, hi: 1 })
    expect(catalogue.t('plain')).toBe('Add to cart')
  })

  it('gives the same text from the build-compiled catalogue (no parser in the browser) as from the source', async () => {
    const compiled = (source: object) =>
      catalogueLoader.call({ resourcePath: 'hi.json' }, JSON.stringify(source)) as string
    const load = async (source: object) =>
      (await import(`data:text/javascript,${encodeURIComponent(compiled(source))}`)) as {
        default: typeof english
      }
    const built = await load(english)
    expect(built.default.plain).toBe('Add to cart')
    expect(Array.isArray(built.default.items)).toBe(true)
    const fromBuild = defineCatalogue({ en: () => load(english), hi: () => load(hindi) })
    const fromSource = defineCatalogue({
      en: async () => ({ default: english }),
      hi: async () => ({ default: hindi }),
    })
    for (const language of ['en', 'hi'] as const) {
      useLanguageStore.getState().setLanguage(language)
      await Promise.all([fromBuild.ready(language), fromSource.ready(language)])
      for (const key of Object.keys(english) as (keyof typeof english)[]) {
        const values = { count: 2, amount: '₹5.00' }
        expect(fromBuild.t(key, values)).toBe(fromSource.t(key, values))
      }
    }
  })
})

describe('numbers, prices and dates follow the language', () => {
  it('writes en-IN and hi-IN', () => {
    expect(formatRupees(123456.5, 'en-IN')).toBe('₹1,23,456.50')
    expect(formatRupees(123456.5, 'hi-IN')).toBe('₹1,23,456.50')
    expect(formatLongDate('2026-11-28T06:00:00Z', 'en-IN')).toBe('28 November 2026')
    expect(formatLongDate('2026-11-28T06:00:00Z', 'hi-IN')).toBe('28 नवंबर 2026')
    useLanguageStore.getState().setLanguage('hi')
    expect(formatLongDate('2026-11-28T06:00:00Z')).toBe('28 नवंबर 2026')
  })
})
