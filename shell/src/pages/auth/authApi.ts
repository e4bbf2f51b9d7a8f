import { identityApi } from '@medstore/contracts/endpoints'
import {
  type AuthResponse,
  authResponse,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '@medstore/contracts/identity'
import { api, signIn, signOut } from '@medstore/web-client'
import { adoptAccountLanguage, signUpLanguage } from '../../language/accountLanguage.ts'

/**
 * Sign-in and sign-up through the gateway (spec section 7: `POST /auth/login`, `POST /auth/sineUp` in
 * its documented spelling), and the account's password and sessions. An answer with tokens is checked
 * against the contract before it is stored; a failure has already been shown as an error toast with the
 * server's message by the API client (unless the call is quiet: the form shows it).
 */
function keep(answer: unknown): AuthResponse {
  const auth = authResponse.parse(answer)
  signIn(auth)
  return auth
}

/** Signed in, this device adopts the account's language (chosen on another device, perhaps). */
export async function logIn(credentials: LoginRequest): Promise<AuthResponse> {
  const auth = keep(await api.call(identityApi.login, { body: credentials }))
  adoptAccountLanguage(auth.userInfo)
  return auth
}

/** The account keeps the language the form was filled in, for its e-mails and its other devices. */
export const register = async (payload: RegisterRequest) =>
  keep(await api.call(identityApi.signUp, { body: { ...payload, locale: signUpLanguage() } }))

/** Every other session ends; this one carries on with the new tokens the answer brings. */
export const changePassword = async (payload: ChangePasswordRequest) =>
  keep(await api.call(identityApi.changePassword, { body: payload, quiet: true }))

/** Every session of the account ends on the server, then this page forgets it. */
export async function logOutEverywhere(): Promise<void> {
  await api.call(identityApi.logoutEverywhere)
  await signOut()
}

/** The server answers the same whether or not the account exists. */
export const requestPasswordReset = (payload: ForgotPasswordRequest) =>
  api.call(identityApi.forgotPassword, { body: payload })

/** The server ends every session of the account: this page's too, so it forgets it. */
export async function resetPassword(payload: ResetPasswordRequest): Promise<void> {
  await api.call(identityApi.resetPassword, { body: payload, quiet: true })
  await signOut()
}
