import type { MessageValues } from './i18n/catalogue.ts'
import { t as kitT } from './messages.ts'

/**
 * A field's problem as the contracts (packages/contracts/src/problems.ts) or the API's 400 `errors[]` give
 * it: the English sentence, and its code and ICU values when it names them. `path` says which field.
 */
export interface FieldProblem {
  message: string
  code?: string
  values?: Readonly<Record<string, number | string>>
  path?: string
}

type Translator = (key: string, values?: MessageValues) => string

/**
 * The problem in the reader's language, from the slice's own catalogue: `problem.<code>` formatted with
 * the problem's values and `{label}`, the field's name (`problem.field.<name>`, the last named part of the
 * path). The English sentence as given when the catalogue has no message for the code or the field: a
 * newer service's problem still says something. The English catalogue's entries repeat the contract's
 * sentences word for word (each slice's tests check), so English readers see exactly the spec's words.
 */
export function problemText(
  problem: FieldProblem,
  translate: (key: never, values?: MessageValues) => string,
) {
  const t = translate as Translator
  if (!problem.code) return problem.message
  const key = `problem.${problem.code}`
  const field = fieldOf(problem.path)
  const labelKey = `problem.field.${field}`
  const label = field ? t(labelKey) : ''
  if (label === labelKey) return problem.message
  const text = t(key, { ...problem.values, label })
  return text === key ? problem.message : text
}

/** `shippingInfo.city` → `city`, `items.0.name` → `name`. */
function fieldOf(path: string | undefined): string {
  const parts = (path ?? '').split('.').filter((part) => part && !/^\d+$/.test(part))
  return parts.at(-1) ?? ''
}

/**
 * Text from the server about a failed request (a toast, a banner): the server's `message`, and the
 * `code` of its error body (packages/contracts/src/errors.ts), or `network`/`timeout`/`refused` when no
 * answer came.
 */
export interface ServerText {
  message: string
  code?: string
}

/**
 * A server's error in the reader's language, from the UI kit's catalogue (`error.<code>`), for the codes a
 * shopper can meet; the server's own message for any other code (it is often more precise, e.g. which
 * field is wrong) or none.
 */
export function serverText(text: ServerText): string {
  if (!text.code) return text.message
  const key = `error.${text.code}`
  const shown = (kitT as Translator)(key)
  return shown && shown !== key ? shown : text.message
}
