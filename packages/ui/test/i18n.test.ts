import { afterEach, describe, expect, it } from 'vitest'
// @ts-expect-error plain JavaScript: the loader rspack runs (no type declarations)
import catalogueLoader from '../../mf-config/src/catalogue-loader.mjs'
import {
  browserLanguage,
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

afterEach(() => useLanguageStore.getState().setLanguage('en'))

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

describe('a catalogue', () => {
  it('formats ICU plurals and arguments in the language in use, Hindi once its messages are in', async () => {
    let fetched = 0
    const catalogue = defineCatalogue(english, {
      hi: async () => {
        fetched += 1
        return { default: hindi }
      },
    })
    expect(catalogue.t('items', { count: 1 })).toBe('1 item')
    expect(catalogue.t('items', { count: 1200 })).toBe('1,200 items')
    expect(catalogue.t('apostrophe')).toBe("Don't worry")
    expect(fetched).toBe(0) // Hindi is not fetched while nobody uses it
    useLanguageStore.getState().setLanguage('hi')
    await catalogue.ready('hi')
    expect(fetched).toBe(1)
    expect(catalogue.t('plain')).toBe('कार्ट में डालें')
    expect(catalogue.t('items', { count: 3 })).toBe('3 आइटम')
    expect(catalogue.t('total', { amount: formatRupees(1234.5) })).toBe('कुल: ₹1,234.50')
  })

  it('shows English while a language fails to load, and tries again on the next switch', async () => {
    let attempts = 0
    const catalogue = defineCatalogue(english, {
      hi: async () => {
        attempts += 1
        if (attempts === 1) throw new Error('offline')
        return { default: hindi }
      },
    })
    useLanguageStore.getState().setLanguage('hi')
    await catalogue.ready('hi')
    expect(catalogue.t('plain')).toBe('Add to cart')
    useLanguageStore.getState().setLanguage('en')
    useLanguageStore.getState().setLanguage('hi')
    await catalogue.ready('hi')
    expect(catalogue.t('plain')).toBe('कार्ट में डालें')
  })

  it('gives the same text from the build-compiled catalogue (no parser in the browser) as from the source', async () => {
    const compiled = (source: object) =>
      catalogueLoader.call({ resourcePath: 'hi.json' }, JSON.stringify(source)) as string
    const load = async (source: object) =>
      (await import(`data:text/javascript,${encodeURIComponent(compiled(source))}`)) as {
        default: Record<string, unknown>
      }
    const built = await load(english)
    expect(built.default.plain).toBe('Add to cart')
    expect(Array.isArray(built.default.items)).toBe(true)
    const fromBuild = defineCatalogue(built.default as typeof english, { hi: () => load(hindi) })
    const fromSource = defineCatalogue(english, { hi: async () => ({ default: hindi }) })
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
