// @vitest-environment node
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser'
import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import { formatMessage } from '../src/i18n/format-message.ts'
import { LANGUAGES, LOCALES } from '../src/index.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
/** The front ends' catalogues (the messaging service formats its own with intl-messageformat). */
const SLICES = [
  'packages/ui/src',
  'packages/ui/src/later',
  'shell/src',
  'shell/src/pages',
  'shell/src/pages/policies',
  'mfe-store/src',
  'mfe-checkout/src',
]

const bold = (chunks: unknown[]) => `<b>${chunks.join('')}</b>`

/** What intl-messageformat gives, as text (parts joined), the engine the catalogues were written for. */
function reference(message: string, locale: string, values: Record<string, unknown>): string {
  const result = new IntlMessageFormat(message, locale).format(values as never)
  return Array.isArray(result) ? result.join('') : String(result)
}

function formatted(message: string, locale: string, values: Record<string, unknown>): string {
  const result = formatMessage(parse(message), locale, values)
  return typeof result === 'string' ? result : result.join('')
}

/** The message's variables, with every value worth trying for each (plural counts, select cases). */
function variables(elements: readonly MessageFormatElement[], found = new Map<string, unknown[]>()) {
  for (const element of elements) {
    if (element.type === 1) found.set(element.value, found.get(element.value) ?? ['Asha'])
    if (element.type === 2) found.set(element.value, [0, 1, 2, 21, 1234.5])
    if (element.type === 8) {
      found.set(element.value, [bold])
      variables(element.children, found)
    }
    if (element.type === 5 || element.type === 6) {
      found.set(element.value, element.type === 6 ? [0, 1, 2, 5, 21] : Object.keys(element.options))
      for (const option of Object.values(element.options)) variables(option.value, found)
    }
  }
  return found
}

describe('formatMessage (compiled catalogues, without intl-messageformat)', () => {
  it('formats plurals with exact cases, offset and #, selects, numbers and tags for the language', () => {
    const items = '{count, plural, =0 {no items} one {# item} other {# items}}'
    expect(formatted(items, 'en-IN', { count: 0 })).toBe('no items')
    expect(formatted(items, 'en-IN', { count: 1 })).toBe('1 item')
    expect(formatted(items, 'en-IN', { count: 123456 })).toBe('1,23,456 items')
    expect(
      formatted('{n, plural, offset:1 one {you and # other} other {you and # others}}', 'en-IN', { n: 3 }),
    ).toBe('you and 2 others')
    expect(formatted('{n, number}+', 'hi-IN', { n: 1500 })).toBe('1,500+')
    expect(formatted('{who, select, me {mine} other {theirs}}', 'en-IN', { who: 'you' })).toBe('theirs')
    expect(
      formatMessage(parse('Please <link>sign in</link> now'), 'en-IN', { link: (c: string[]) => ({ c }) }),
    ).toEqual(['Please ', { c: ['sign in'] }, ' now'])
  })

  it('says which value is missing, and refuses a date it was not meant to format', () => {
    expect(() => formatted('Hello {name}', 'en-IN', {})).toThrow('"name"')
    expect(() => formatted('On {day, date}', 'en-IN', { day: new Date() })).toThrow('dates or times')
  })

  it('gives what intl-messageformat gives for every message of every front-end catalogue', () => {
    let compared = 0
    for (const slice of SLICES) {
      for (const language of LANGUAGES) {
        const file = path.join(root, slice, 'locales', `${language}.json`)
        const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
        for (const [key, message] of Object.entries(catalogue)) {
          const found = variables(parse(message))
          const tries = Math.max(1, ...[...found.values()].map((choices) => choices.length))
          for (let i = 0; i < tries; i++) {
            const values = Object.fromEntries(
              [...found].map(([name, choices]) => [name, choices[i % choices.length]]),
            )
            const locale = LOCALES[language]
            expect(formatted(message, locale, values), `${slice} ${language} ${key}`).toBe(
              reference(message, locale, values),
            )
            compared++
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500)
  })
})
