import { z } from 'zod'

/** Field rules shared by more than one form and service. */

/** An Indian mobile number: 10 digits starting 6–9, optionally written with +91 / 91 / 0 and spaces or dashes. */
export const indianMobile = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(
        /^(?:\+91|91|0)?[6-9]\d{9}$/,
        'Enter a valid Indian mobile number (10 digits, optionally with +91)',
      )
      .transform((v) => v.slice(-10)),
  )

export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

/** An e-mail address, trimmed and lower-cased (addresses are compared without letter case). */
export const emailAddress = (label = 'Email') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(254, `${label} must be at most 254 characters`)
    .pipe(z.email('Enter a valid email address'))
    .transform((v) => v.toLowerCase())
    .meta({ format: 'email' })

/** A lone UTF-16 surrogate: not valid Unicode, and PostgreSQL cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Text PostgreSQL can store: no NUL byte and no lone surrogate (either would fail the write with a 500). */
export const isStorableText = (v: string): boolean => !v.includes('\u0000') && !LONE_SURROGATE.test(v)

/** `schema` that also refuses text PostgreSQL cannot store, with a 400 naming the field. */
export const storableText = <S extends z.ZodType<string>>(label: string, schema: S) =>
  schema.refine(isStorableText, `${label} contains characters that are not allowed`)
