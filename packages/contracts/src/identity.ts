import { z } from 'zod'
import { type ApiRoute, listHeaders } from './api'
import {
  languageField as accountLanguage,
  currentPassword,
  emailAddress,
  indianMobile,
  newPassword,
  requiredText,
} from './fields'
import { says } from './problems'
import { identityPaths } from './route-paths'

/** The problem of a confirmation that differs from the password (the forms check it on its own too). */
export const PASSWORDS_DIFFER = { message: 'Passwords do not match', code: 'passwords_differ' } as const
const passwordsDiffer = says(PASSWORDS_DIFFER.message, PASSWORDS_DIFFER.code)

/**
 * The identity service's answers about a field or the sign-in, each with its problem code: the API's 409
 * and 401 bodies (services/identity) and the forms that show them in the reader's language.
 */
export const IDENTITY_ANSWERS = {
  emailTaken: { path: 'email', message: 'An account with this email already exists', code: 'email_taken' },
  userNameTaken: { path: 'userName', message: 'This username is already taken', code: 'user_name_taken' },
  badCredentials: { message: 'Invalid email or password', code: 'bad_credentials' },
  wrongCurrentPassword: {
    path: 'currentPassword',
    message: 'Your current password is not correct',
    code: 'wrong_current_password',
  },
} as const

/** The password typed again; that it matches is the form's refinement. */
const confirmation = () =>
  z
    .string({ error: says('Please confirm your password', 'confirm_password') })
    .min(1, { error: says('Please confirm your password', 'confirm_password') })

/** Sign-up body of `POST /auth/sineUp` (documented spelling) and `POST /auth/signup`. */
export const registerRequest = z
  .object({
    firstName: requiredText('First name', 50),
    lastName: requiredText('Last name', 50),
    userName: z
      .string({ error: says('Username is required', 'required') })
      .trim()
      .min(1, { error: says('Username is required', 'required') })
      .regex(/^[A-Za-z0-9._]{3,30}$/, {
        error: says('Username must be 3–30 letters, digits, dots or underscores', 'invalid_user_name'),
      })
      .meta({ description: 'Unique regardless of letter case.' }),
    email: emailAddress().meta({ format: 'email', description: 'Unique; stored lower-cased.' }),
    phone: indianMobile.meta({
      description:
        'Indian mobile: 10 digits starting 6–9, optionally written with +91; stored as the 10 digits.',
    }),
    password: newPassword().meta({
      description: 'Not only spaces, and not easy to guess (common and breached passwords are refused).',
    }),
    cmPassword: confirmation(),
    locale: accountLanguage.optional().meta({
      description: 'The language the customer signed up in; their e-mails are written in it.',
    }),
  })
  .refine((v) => v.password === v.cmPassword, { path: ['cmPassword'], error: passwordsDiffer })
export type RegisterRequest = z.input<typeof registerRequest>

export const loginRequest = z.object({
  email: emailAddress(),
  password: currentPassword(),
})
export type LoginRequest = z.input<typeof loginRequest>

export const userInfo = z.object({
  id: z.string(),
  /** First and last name. */
  name: z.string(),
  email: z.string(),
  userName: z.string(),
  isAdmin: z.boolean(),
  /**
   * The language the account reads the shop in (its e-mails too); null until its owner picks one. A front
   * end adopts it at sign-in. Optional: a session stored before it existed still reads.
   */
  locale: accountLanguage.nullable().optional(),
})
export type UserInfo = z.infer<typeof userInfo>

/**
 * What sign-up, sign-in, a refresh and a password change answer: the access token (short-lived, sent as
 * Bearer), who it is for, and the refresh token that gets the next pair (`POST /auth/refresh`; used up by
 * that call).
 */
export const authResponse = z.object({
  token: z.string(),
  userInfo,
  /** Always sent by the service; optional so a session stored before it existed still reads. */
  refreshToken: z.string().optional(),
})
export type AuthResponse = z.infer<typeof authResponse>

const opaqueToken = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(200, `${label} is not valid`)

export const refreshRequest = z.object({ refreshToken: opaqueToken('refreshToken') })
export type RefreshRequest = z.input<typeof refreshRequest>

export const changePasswordRequest = z
  .object({
    currentPassword: currentPassword('Current password'),
    newPassword: newPassword('New password'),
    cmPassword: confirmation(),
  })
  .refine((v) => v.newPassword === v.cmPassword, { path: ['cmPassword'], error: passwordsDiffer })
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>

export const forgotPasswordRequest = z.object({ email: emailAddress() })
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>

export const resetPasswordRequest = z
  .object({
    token: opaqueToken('The reset link'),
    password: newPassword(),
    cmPassword: confirmation(),
  })
  .refine((v) => v.password === v.cmPassword, { path: ['cmPassword'], error: passwordsDiffer })
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>

/** `PUT /auth/locale`: the signed-in customer's language, kept for their other devices and their e-mails. */
export const setLocaleRequest = z.object({ locale: accountLanguage })
export type SetLocaleRequest = z.input<typeof setLocaleRequest>

/** An answer that only says what happened. */
export const messageResponse = z.object({ message: z.string() })
export type MessageResponse = z.infer<typeof messageResponse>

/** The one answer to 'forgot password', whether or not the email has an account. */
export const RESET_LINK_SENT =
  'If an account exists for this email, we have sent it a link to choose a new password. The link works once, within 30 minutes.'
export const PASSWORD_CHANGED = 'Your password has been changed. Please sign in with it.'

/** `GET /user` query: all optional; without any of them the documented full list is returned. */
export const userListQuery = z.object({
  /** Case-insensitive part of the user name, email, first or last name. */
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number of at least 1' })
    .int('page must be a whole number of at least 1')
    .min(1, 'page must be a whole number of at least 1')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(100, 'limit must be a whole number from 1 to 100')
    .optional(),
})
export type UserListQuery = z.input<typeof userListQuery>

/** One account as the back-office sees it (never a password hash). */
export const userSummary = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userName: z.string(),
  email: z.string(),
  phone: z.string(),
  isAdmin: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
})
export type UserSummary = z.infer<typeof userSummary>
export const userList = z.array(userSummary)

const signUpErrors = {
  400: 'A field is missing or invalid (the message names the first problem; `errors` lists each).',
  409: 'The email or the user name is already taken (the message says which).',
  429: 'Too many sign-ups from this address, or attempts for this account.',
} as const

const signUp = (spelling: 'signUp' | 'signUpAlias', documented: boolean) =>
  ({
    ...identityPaths[spelling],
    summary: documented
      ? 'Create a customer account (documented spelling) and sign in'
      : 'Create a customer account and sign in (corrected spelling of /auth/sineUp)',
    access: 'public',
    documented,
    tags: ['auth'],
    body: registerRequest,
    status: 201,
    response: authResponse,
    errors: signUpErrors,
  }) satisfies ApiRoute

/** The identity service's public API. */
export const identityApi = {
  signUp: signUp('signUp', true),
  login: {
    ...identityPaths.login,
    summary: 'Sign in with email and password',
    access: 'public',
    documented: true,
    tags: ['auth'],
    body: loginRequest,
    status: 200,
    response: authResponse,
    errors: {
      400: 'Email or password missing.',
      401: 'Wrong email or password (one message for both).',
      429: 'Too many sign-in attempts from this address or for this account.',
    },
  },
  users: {
    ...identityPaths.users,
    summary: 'Users (administrators only): one page of matches of q; without page and limit, the first 100.',
    access: 'admin',
    documented: true,
    tags: ['users'],
    query: userListQuery,
    status: 200,
    response: userList,
    responseHeaders: listHeaders('users'),
    errors: { 400: 'Invalid page, limit or q.' },
  },
  signUpAlias: signUp('signUpAlias', false),
  refresh: {
    ...identityPaths.refresh,
    summary:
      'A new access token and refresh token for a refresh token (used up: presenting it again ends that session)',
    access: 'public',
    documented: false,
    tags: ['auth'],
    body: refreshRequest,
    status: 200,
    response: authResponse,
    errors: {
      401: 'The session has ended (signed out, password changed, expired, or the token was reused).',
    },
  },
  logout: {
    ...identityPaths.logout,
    summary: 'Sign out this device: its refresh token and the ones it led to stop working',
    access: 'public',
    documented: false,
    tags: ['auth'],
    body: refreshRequest,
    status: 204,
  },
  logoutEverywhere: {
    ...identityPaths.logoutEverywhere,
    summary: 'Sign out every device: every refresh token of the account stops working',
    access: 'user',
    documented: false,
    tags: ['auth'],
    status: 204,
  },
  changePassword: {
    ...identityPaths.changePassword,
    summary:
      'Change the password (the current one required): every other session ends, this one gets new tokens',
    access: 'user',
    documented: false,
    tags: ['auth'],
    body: changePasswordRequest,
    status: 200,
    response: authResponse,
    errors: {
      400: 'A field is missing, the current password is wrong, the new password is too easy to guess, or the confirmation differs (`errors` names the field).',
      429: 'Too many wrong current passwords for this account: wait (Retry-After) and try again.',
    },
  },
  forgotPassword: {
    ...identityPaths.forgotPassword,
    summary:
      'E-mail a single-use link (30 minutes) to choose a new password; one answer whether or not the account exists',
    access: 'public',
    documented: false,
    tags: ['auth'],
    body: forgotPasswordRequest,
    status: 202,
    response: messageResponse,
    errors: { 429: 'Too many requests from this address.' },
  },
  resetPassword: {
    ...identityPaths.resetPassword,
    summary: 'Choose a new password with the link from the e-mail; every session of the account ends',
    access: 'public',
    documented: false,
    tags: ['auth'],
    body: resetPasswordRequest,
    status: 200,
    response: messageResponse,
    errors: { 400: 'The link is invalid, used or expired, or the new password is refused.' },
  },
  me: {
    ...identityPaths.me,
    summary: 'The signed-in user, from a valid token (lets a front end check a stored session)',
    access: 'user',
    documented: false,
    tags: ['auth'],
    status: 200,
    response: userInfo,
  },
  setLocale: {
    ...identityPaths.setLocale,
    summary:
      "Keep the signed-in user's language (en, hi): their other devices adopt it at sign-in, and their e-mails are written in it",
    access: 'user',
    documented: false,
    tags: ['auth'],
    body: setLocaleRequest,
    status: 200,
    response: userInfo,
    errors: { 400: 'No language, or one the shop does not speak.' },
  },
} satisfies Record<string, ApiRoute>

export const identityRoutes: ApiRoute[] = Object.values(identityApi)
