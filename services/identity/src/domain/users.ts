import { type Page, pageOf } from '@medstore/contracts/api'
import { isLanguage, type Language } from '@medstore/contracts/languages'
import type { ProblemCode } from '@medstore/contracts/problems'

/** The fields of an account the rules below need. */
export type Account = {
  id: string
  firstName: string
  lastName: string
  userName: string
  email: string
  phone: string
  isAdmin: boolean
  /** The language the person reads the shop and its e-mails in; null until they pick one. */
  locale: string | null
  createdAt: Date
}

/** The stored language, if it is one the shop speaks (the column's check says it is). */
export const accountLanguage = (a: Pick<Account, 'locale'>): Language | null =>
  isLanguage(a.locale) ? a.locale : null

/** "Asha Rao": what the storefront greets a person with. */
export const displayName = (a: Pick<Account, 'firstName' | 'lastName'>) =>
  [a.firstName, a.lastName].filter(Boolean).join(' ')

/** User names are unique regardless of case: "Asha" and "asha" are one name. */
export const userNameKey = (userName: string) => userName.trim().toLowerCase()

/** The claims the services read (sub, userName, name, isAdmin); iss/aud/exp are added when signing. */
export const tokenClaims = (a: Account) => ({
  sub: a.id,
  userName: a.userName,
  name: displayName(a),
  isAdmin: a.isAdmin,
})

/** Which unique field a taken sign-up collides with, and the message that says so. */
export type Taken = 'email' | 'userName'
export const TAKEN_MESSAGES: Record<Taken, string> = {
  email: 'An account with this email already exists',
  userName: 'This username is already taken',
}

/** The 409's field problem, so the form shows it on the field in the reader's language. */
export const TAKEN_PROBLEMS: Record<Taken, ProblemCode> = {
  email: 'email_taken',
  userName: 'user_name_taken',
}
export const takenField = (taken: Taken) => ({
  path: taken,
  message: TAKEN_MESSAGES[taken],
  code: TAKEN_PROBLEMS[taken],
})

/** The one answer to a failed sign-in: it never says whether the email or the password was wrong. */
export const INVALID_CREDENTIALS = 'Invalid email or password'

/** Paging of GET /user: without page/limit, the first page of the most a page holds (100). */
export type UserPage = Page & { q?: string }
export const DEFAULT_PAGE_SIZE = 15
export function userPage(query: { q?: string; page?: number; limit?: number }): UserPage {
  return { q: query.q || undefined, ...pageOf(query, DEFAULT_PAGE_SIZE) }
}
