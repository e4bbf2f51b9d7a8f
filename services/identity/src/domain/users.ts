import { type Page, pageOf } from '@medstore/contracts/api'
import { IDENTITY_ANSWERS } from '@medstore/contracts/identity'
import { isLanguage, type Language } from '@medstore/contracts/languages'

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
/** The 409's field problem, so the form shows it on the field in the reader's language. */
export const takenField = (taken: Taken) =>
  taken === 'email' ? IDENTITY_ANSWERS.emailTaken : IDENTITY_ANSWERS.userNameTaken
export const TAKEN_MESSAGES: Record<Taken, string> = {
  email: takenField('email').message,
  userName: takenField('userName').message,
}

/** The one answer to a failed sign-in: it never says whether the email or the password was wrong. */
export const INVALID_CREDENTIALS = IDENTITY_ANSWERS.badCredentials.message

/** Paging of GET /user: without page/limit, the first page of the most a page holds (100). */
export type UserPage = Page & { q?: string }
export const DEFAULT_PAGE_SIZE = 15
export function userPage(query: { q?: string; page?: number; limit?: number }): UserPage {
  return { q: query.q || undefined, ...pageOf(query, DEFAULT_PAGE_SIZE) }
}
