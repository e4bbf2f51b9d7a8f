/**
 * A form field's problem by code, beside the English sentence the spec fixes: the API's 400 `errors[]`
 * carry it (`{ path, message, code, values? }`) and the forms show it in the reader's language from their
 * slice's catalogue (`problem.<code>`, ICU values such as `{min}`), never by matching the English words.
 * A code, once published, keeps its meaning; a new kind of problem gets a new code.
 */
export const PROBLEM_CODES = [
  'required',
  'too_short',
  'too_long',
  'only_spaces',
  'unsafe_text',
  'not_text',
  'invalid_email',
  'invalid_phone',
  'invalid_pin_code',
  'invalid_user_name',
  'confirm_password',
  'passwords_differ',
  'outside_india',
  'email_taken',
  'user_name_taken',
  'bad_credentials',
  'wrong_current_password',
  'weak_password',
  'no_rating',
  'rating_not_whole',
  'rating_too_high',
] as const

export type ProblemCode = (typeof PROBLEM_CODES)[number]
/** ICU values of a problem's message (a length limit, …). */
export type ProblemValues = Readonly<Record<string, number | string>>
export type Problem = { code: ProblemCode; values?: ProblemValues }

/** The key on a zod issue that carries its problem (zod copies an issue's own keys into the result). */
const PROBLEM = 'problem'

/**
 * A zod `error` option that writes the English sentence and stamps the problem on the issue:
 * `.min(1, { error: says('First name is required', 'required') })`. zod calls it while it builds the
 * issue and keeps the issue's own keys, so `problemOf(issue)` reads the stamp back (contracts' tests check).
 */
export function says(message: string, code: ProblemCode, values?: ProblemValues) {
  return (issue: object): string => {
    Object.assign(issue, { [PROBLEM]: values ? { code, values } : { code } })
    return message
  }
}

/** The problem a zod issue (or an API field error) carries, if any. */
export function problemOf(issue: object): Problem | undefined {
  const stamped = (issue as { [PROBLEM]?: unknown })[PROBLEM]
  if (!stamped || typeof stamped !== 'object') return undefined
  const { code, values } = stamped as { code?: unknown; values?: unknown }
  if (!isProblemCode(code)) return undefined
  return values && typeof values === 'object' ? { code, values: values as ProblemValues } : { code }
}

export const isProblemCode = (code: unknown): code is ProblemCode =>
  typeof code === 'string' && (PROBLEM_CODES as readonly string[]).includes(code)
