/**
 * rspack loader for message catalogues (`<slice>/src/locales/<lang>.json`, packages/ui/src/i18n): compiles
 * each ICU message to FormatJS's AST at build time, so the browser formats without the ICU parser (~7 KB
 * gzip; index.ts aliases it to its no-parser build). A message without ICU syntax stays a plain string.
 * Plain JavaScript: rspack's CLI loads loaders in plain Node.
 */
import { parse } from '@formatjs/icu-messageformat-parser'

/** Same rule as packages/ui/src/i18n/catalogue.ts (ICU_SYNTAX): such text is shown as it is. */
const ICU_SYNTAX = /[{}'<#]/

/** @param {string} source */
export default function catalogueLoader(source) {
  /** @type {Record<string, unknown>} */
  const messages = JSON.parse(source)
  /** @type {Record<string, unknown>} */
  const compiled = {}
  for (const [key, text] of Object.entries(messages)) {
    if (typeof text !== 'string') throw new Error(`${this.resourcePath}: "${key}" is not a string`)
    compiled[key] = ICU_SYNTAX.test(text) ? parse(text) : text
  }
  return `export default ${JSON.stringify(compiled)}`
}
