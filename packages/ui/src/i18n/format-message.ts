import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'

/**
 * Formats a message compiled to FormatJS's AST (the build's catalogue loader compiles every ICU message;
 * ./catalogue.ts parses them under vitest), with the same results as `intl-messageformat`'s `format`:
 * arguments, `{n, number}`, select, plural (exact `=n` cases, offset, `#`) and rich-text tags. The first
 * render of `/` ships this instead of intl-messageformat and its memoizer (~2 KB gzip, issue 7's budget);
 * dates and times are formatted by ../format.ts before they reach a message, so a date or time element is
 * an error here.
 *
 * Returns a string when every part is text, otherwise the parts (text merged), for `t.rich`.
 */
export function formatMessage<Part>(
  elements: readonly MessageFormatElement[],
  locale: string,
  values: Readonly<Record<string, unknown>> = {},
): string | (string | Part)[] {
  const parts: unknown[] = []
  appendParts(elements, locale, values, undefined, parts)
  const merged = mergeText(parts)
  if (merged.length === 0) return ''
  if (merged.length === 1 && typeof merged[0] === 'string') return merged[0]
  return merged as (string | Part)[]
}

/** Adjacent strings joined, as intl-messageformat gives them (a tag's function gets its children so too). */
function mergeText(parts: readonly unknown[]): unknown[] {
  const merged: unknown[] = []
  for (const part of parts) {
    const last = merged.length - 1
    if (typeof part === 'string' && typeof merged[last] === 'string') merged[last] += part
    else merged.push(part)
  }
  return merged
}

// FormatJS's element types (its TYPE enum, which its no-parser build would bring along).
const LITERAL = 0
const ARGUMENT = 1
const NUMBER = 2
const SELECT = 5
const PLURAL = 6
const POUND = 7
const TAG = 8

const numberFormats = new Map<string, Intl.NumberFormat>()
const pluralRules = new Map<string, Intl.PluralRules>()

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const id = `${locale} ${JSON.stringify(options)}`
  let format = numberFormats.get(id)
  if (!format) {
    format = new Intl.NumberFormat(locale, options)
    numberFormats.set(id, format)
  }
  return format
}

function pluralRule(locale: string, type: Intl.PluralRuleType): Intl.PluralRules {
  const id = `${locale} ${type}`
  let rules = pluralRules.get(id)
  if (!rules) {
    rules = new Intl.PluralRules(locale, { type })
    pluralRules.set(id, rules)
  }
  return rules
}

function valueNamed(values: Readonly<Record<string, unknown>>, name: string): unknown {
  if (!(name in values)) throw new Error(`The message needs a value for "${name}"`)
  return values[name]
}

function numberOptions(style: unknown): Intl.NumberFormatOptions {
  if (style === 'percent') return { style: 'percent' }
  if (style === 'integer') return { maximumFractionDigits: 0 }
  if (style && typeof style === 'object' && 'parsedOptions' in style) {
    return style.parsedOptions as Intl.NumberFormatOptions
  }
  return {}
}

function appendParts(
  elements: readonly MessageFormatElement[],
  locale: string,
  values: Readonly<Record<string, unknown>>,
  pound: string | undefined,
  parts: unknown[],
): void {
  for (const element of elements) {
    // Every element but `#` names its variable (or holds its text) in `value`.
    const name = (element as { value?: string }).value ?? ''
    switch (element.type as number) {
      case LITERAL:
        parts.push(name)
        break
      case POUND:
        parts.push(pound ?? '#')
        break
      case ARGUMENT: {
        const value = valueNamed(values, name)
        parts.push(typeof value === 'string' || typeof value === 'number' ? String(value) : value)
        break
      }
      case NUMBER: {
        const { style } = element as { style?: unknown }
        parts.push(numberFormat(locale, numberOptions(style)).format(Number(valueNamed(values, name))))
        break
      }
      case SELECT: {
        const { options } = element as Extract<MessageFormatElement, { options: object }>
        const chosen = options[String(valueNamed(values, name))] ?? options.other
        if (!chosen) throw new Error(`The message has no case for "${name}" and no "other"`)
        appendParts(chosen.value, locale, values, pound, parts)
        break
      }
      case PLURAL: {
        const plural = element as Extract<MessageFormatElement, { pluralType: unknown }>
        const count = Number(valueNamed(values, plural.value))
        const chosen =
          plural.options[`=${count}`] ??
          plural.options[pluralRule(locale, plural.pluralType ?? 'cardinal').select(count - plural.offset)] ??
          plural.options.other
        if (!chosen) throw new Error(`The message has no case for "${plural.value}" and no "other"`)
        appendParts(chosen.value, locale, values, numberFormat(locale).format(count - plural.offset), parts)
        break
      }
      case TAG: {
        const tag = element as Extract<MessageFormatElement, { children: unknown }>
        const wrap = values[tag.value]
        if (typeof wrap !== 'function') throw new Error(`The message needs a function for <${tag.value}>`)
        const children: unknown[] = []
        appendParts(tag.children, locale, values, pound, children)
        const wrapped: unknown = wrap(mergeText(children))
        parts.push(...(Array.isArray(wrapped) ? wrapped : [wrapped]))
        break
      }
      default:
        throw new Error(`Messages format no dates or times (element type ${element.type}): format them first`)
    }
  }
}
