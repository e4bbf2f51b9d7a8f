import { z } from 'zod'
import { LANGUAGES } from './languages'
import { type Composition, GST_RATES, parseIngredient, SCHEDULES, saltKey } from './medicine'
import { says } from './problems'
import { DRUG_SCHEDULES } from './schedule'

/** Field rules shared by more than one form and service. */

/**
 * The one rule for text anyone sends us: no NUL character (PostgreSQL refuses it in text, so it would
 * reach the database as a 500) and no lone UTF-16 surrogate (half a character: it cannot be encoded as
 * UTF-8, so it would be stored mangled). Returns the reason, or undefined when the text is fine.
 */
export function unsafeTextProblem(text: string): string | undefined {
  const reason = unsafeTextReason(text)
  return reason && UNSAFE_TEXT[reason]
}

const UNSAFE_TEXT = {
  nul: 'contains a NUL character, which is not allowed',
  surrogate: 'contains a broken character (a lone UTF-16 surrogate)',
} as const

/** Which part of the text rule the text breaks (the `reason` of an `unsafe_text` problem). */
function unsafeTextReason(text: string): keyof typeof UNSAFE_TEXT | undefined {
  if (text.includes('\u0000')) return 'nul'
  if (LONE_SURROGATE.test(text)) return 'surrogate'
  return undefined
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export type UnsafeText = { path: string; message: string; code?: 'unsafe_text'; values?: { reason: string } }

/**
 * The first string (value or key) in a parsed body or query that breaks the text rule, with the field's
 * path (e.g. `items.0.name`) and a message naming it. Walks iteratively, so no nesting depth overflows it.
 */
export function findUnsafeText(input: unknown): UnsafeText | undefined {
  // Each entry keeps its parent's path as a linked list, so a deep body costs linear time, not quadratic.
  type Path = { key: string; parent: Path } | undefined
  const stack: Array<[unknown, Path]> = [[input, undefined]]
  while (stack.length > 0) {
    const [value, path] = stack.pop()!
    if (typeof value === 'string') {
      const reason = unsafeTextReason(value)
      // By code too, so a form can say it in the reader's language (./problems.ts).
      if (reason) return { ...unsafe(path, UNSAFE_TEXT[reason]), code: 'unsafe_text', values: { reason } }
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const keyProblem = unsafeTextProblem(key)
        if (keyProblem) return unsafe(path, `has a field name that ${keyProblem}`)
        stack.push([child, { key, parent: path }])
      }
    }
  }
  return undefined
}

function unsafe(path: { key: string; parent: unknown } | undefined, problem: string): UnsafeText {
  const keys: string[] = []
  for (let p = path; p; p = p.parent as typeof path) keys.push(p.key)
  const name = keys.reverse().join('.')
  return { path: name, message: `${name || 'The request'} ${problem}` }
}

/** An Indian mobile number: 10 digits starting 6–9, optionally written with +91 / 91 / 0 and spaces or dashes. */
export const indianMobile = z
  .string({ error: says('Phone number is required', 'required') })
  .trim()
  .min(1, { error: says('Phone number is required', 'required') })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^(?:\+91|91|0)?[6-9]\d{9}$/, {
        error: says('Enter a valid Indian mobile number (10 digits, optionally with +91)', 'invalid_phone'),
      })
      .transform((v) => v.slice(-10)),
  )

export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: says(`${label} is required`, 'required') })
    .trim()
    .min(1, { error: says(`${label} is required`, 'required') })
    .max(max, { error: says(`${label} must be at most ${max} characters`, 'too_long', { max }) })
    .refine((v) => unsafeTextProblem(v) === undefined, { error: unsafeTextError(label) })

/** The text rule's problem about a labelled field. */
const unsafeTextError = (label: string) => (issue: { input?: unknown }) => {
  const reason = unsafeTextReason(String(issue.input)) ?? 'nul'
  return says(`${label} ${UNSAFE_TEXT[reason]}`, 'unsafe_text', { reason })(issue)
}

/** An e-mail address, trimmed and lower-cased (addresses are compared without letter case). */
export const emailAddress = (label = 'Email') =>
  z
    .string({ error: says(`${label} is required`, 'required') })
    .trim()
    .min(1, { error: says(`${label} is required`, 'required') })
    .max(254, { error: says(`${label} must be at most 254 characters`, 'too_long', { max: 254 }) })
    .pipe(z.email({ error: says('Enter a valid email address', 'invalid_email') }))
    .transform((v) => v.toLowerCase())
    .meta({ format: 'email' })

/**
 * A password someone chooses (sign-up, a change, a reset): 8–128 characters and not only spaces. How easy
 * it is to guess is the identity service's check (a strength estimator with a common-password list).
 */
export const newPassword = (label = 'Password') =>
  z
    .string({ error: says(`${label} is required`, 'required') })
    .min(8, { error: says(`${label} must be at least 8 characters`, 'too_short', { min: 8 }) })
    .max(128, { error: says(`${label} must be at most 128 characters`, 'too_long', { max: 128 }) })
    .refine((v) => v.trim().length > 0, { error: says(`${label} cannot be only spaces`, 'only_spaces') })

/** A password typed to prove who one is: required, and bounded so no one makes the server hash a novel. */
export const currentPassword = (label = 'Password') =>
  z
    .string({ error: says(`${label} is required`, 'required') })
    .min(1, { error: says(`${label} is required`, 'required') })
    .max(1024, { error: says(`${label} must be at most 1024 characters`, 'too_long', { max: 1024 }) })

/** An Indian PIN code: 6 digits, the first not 0 (India Post's eight zones are 1–8, 9 is the army post). */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/

/** A PIN code someone types: trimmed, required, six digits. `label` names the field in the messages. */
export const pinCode = (label: string) =>
  z
    .string({ error: says(`${label} is required`, 'required') })
    .trim()
    .min(1, { error: says(`${label} is required`, 'required'), abort: true })
    .regex(PIN_CODE_PATTERN, { error: says(`${label} must be a 6-digit PIN code`, 'invalid_pin_code') })

// ---------- medicine facts (the product form) ----------

/** A list typed as text (a multipart form) or sent as an array (JSON). */
const listOf = (text: string, separator: string) =>
  text
    .split(separator)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)

/** One of the languages the shop speaks (languages.ts has the list). */
export const languageField = z.enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}` })

/** 'OTC', 'H', 'H1' or 'X' (any case). */
export const medicineSchedule = z
  .string({ error: 'Schedule is required' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(SCHEDULES, { error: 'Schedule must be one of OTC, H, H1, X' }))

const ingredientInput = z.object({ salt: z.string(), strength: z.string() })

/**
 * The salts and their strengths: text 'Aceclofenac 100 mg + Paracetamol 325 mg' (a form) or an array
 * of { salt, strength } (JSON); empty for a product that is not a medicine. Strengths are stored in one
 * spelling ('500mg' → '500 mg'); a salt may appear once.
 */
export const compositionField = z
  .union([z.string(), z.array(ingredientInput).max(12)], {
    error:
      "Composition must be text like 'Paracetamol 500 mg + Caffeine 30 mg' or a list of { salt, strength }",
  })
  .transform((value, ctx): Composition => {
    const parts = typeof value === 'string' ? listOf(value, '+') : value.map((i) => `${i.salt} ${i.strength}`)
    if (parts.length > 12) {
      ctx.addIssue({ code: 'custom', message: 'Composition may list at most 12 salts' })
      return z.NEVER
    }
    const composition: Composition = []
    for (const part of parts) {
      const unsafe = unsafeTextProblem(part)
      const ingredient = unsafe ? { problem: `Composition ${unsafe}` } : parseIngredient(part)
      if ('problem' in ingredient) {
        ctx.addIssue({ code: 'custom', message: ingredient.problem })
        return z.NEVER
      }
      if (composition.some((i) => saltKey(i.salt) === saltKey(ingredient.salt))) {
        ctx.addIssue({ code: 'custom', message: `${ingredient.salt} appears twice in the composition` })
        return z.NEVER
      }
      composition.push(ingredient)
    }
    return composition
  })

/** An ayurvedic product's key ingredients: comma-separated text or an array, each at most 60 characters. */
export const keyIngredientsField = z
  .union([z.string(), z.array(z.string())], { error: 'Key ingredients must be text or a list of text' })
  .transform((value, ctx) => {
    const items = typeof value === 'string' ? listOf(value, ',') : value.map((v) => v.trim()).filter(Boolean)
    const problem =
      items.length > 20
        ? 'List at most 20 key ingredients'
        : items.find((i) => i.length > 60)
          ? 'Each key ingredient must be at most 60 characters'
          : items.map(unsafeTextProblem).find(Boolean)
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message: problem.startsWith('contains') ? `Key ingredients ${problem}` : problem,
      })
      return z.NEVER
    }
    return items
  })

/** A whole number from 1 to `max`, as a number or text (multipart sends text). */
const wholeNumber = (label: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: `${label} is required` })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .pipe(
      z
        .string()
        .regex(/^\d{1,6}$/, `${label} must be a whole number`)
        .transform(Number)
        .pipe(z.number().min(1, `${label} must be at least 1`).max(max, `${label} must be at most ${max}`)),
    )

/** How many units (tablets, ml, grams…) one pack holds: what a per-unit price divides by. */
export const packUnitsField = wholeNumber('Units per pack', 10_000)

/** The HSN code a GST invoice prints: 4, 6 or 8 digits (medicines 3004…). */
export const hsnCodeField = z
  .string({ error: 'HSN code is required' })
  .trim()
  .regex(/^(\d{4}|\d{6}|\d{8})$/, 'HSN code must be 4, 6 or 8 digits, like 3004 or 30049099')

/** GST in percent: 0, 5, 12 or 18, as a number or text. */
export const gstRateField = z
  .union([z.string(), z.number()], { error: 'GST rate is required' })
  .transform((v) => (typeof v === 'number' ? v : Number(v.trim().replace(/%$/, ''))))
  .pipe(z.literal(GST_RATES, { error: 'GST rate must be 0, 5, 12 or 18 (percent)' }))

/** Text that may be left out or empty (''), trimmed, at most `max` characters. */
export const optionalText = (label: string, max = 200) =>
  z
    .string({ error: says(`${label} must be text`, 'not_text') })
    .trim()
    .max(max, { error: says(`${label} must be at most ${max} characters`, 'too_long', { max }) })
    .refine((v) => unsafeTextProblem(v) === undefined, { error: unsafeTextError(label) })
    .optional()

/** A medicine's schedule (OTC, H, H1 or X: ./schedule). */
export const drugSchedule = z.enum(DRUG_SCHEDULES)
