// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../src/index.ts'

/**
 * Every slice's message catalogues (`<slice>/src/locales/<lang>.json`, packages/ui/src/i18n): the same keys
 * in every language, each message valid ICU, and a translation using the same arguments as the English.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url))
/** Each catalogue's folder: a slice's, and the shell's pages' own (loaded only with those pages). */
const SLICES = [
  'shell/src/locales',
  'shell/src/pages/locales',
  'shell/src/pages/policies/locales',
  'mfe-store/src/locales',
  'mfe-checkout/src/locales',
  'packages/ui/src/locales',
  'packages/ui/src/later/locales',
]

const catalogue = (slice: string, language: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(root, slice, `${language}.json`), 'utf8'))

/** The argument names a message uses (plural/select branches included). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue
    into.add(element.value)
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into)
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into)
  }
  return into
}

describe.each(SLICES)('the %s catalogues', (slice) => {
  it('has one catalogue per language and no other', () => {
    const files = readdirSync(path.join(root, slice))
      .filter((file) => file.endsWith('.json'))
      .sort()
    expect(files).toEqual(LANGUAGES.map((language) => `${language}.json`).sort())
  })

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'has the same keys in English and %s',
    (language) => {
      const english = Object.keys(catalogue(slice, 'en')).sort()
      const other = Object.keys(catalogue(slice, language)).sort()
      expect(
        other.filter((key) => !english.includes(key)),
        `keys only in ${language}`,
      ).toEqual([])
      expect(
        english.filter((key) => !other.includes(key)),
        `keys missing from ${language}`,
      ).toEqual([])
    },
  )

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'has valid ICU messages with the same arguments in English and %s',
    (language) => {
      const english = catalogue(slice, 'en')
      const other = catalogue(slice, language)
      for (const [key, text] of Object.entries(english)) {
        const translated = other[key]
        if (translated === undefined) continue
        expect(translated.trim(), `${language} ${key} is empty`).not.toBe('')
        expect([...argumentsOf(parse(translated))].sort(), `${language} ${key}`).toEqual(
          [...argumentsOf(parse(text))].sort(),
        )
      }
    },
  )
})
