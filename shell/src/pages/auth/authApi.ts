import { identityApi } from '@medstore/contracts/endpoints'
import {
  type AuthResponse,
  authResponse,
  type LoginRequest,
  type RegisterRequest,
} from '@medstore/contracts/identity'
import { api, signIn } from '@medstore/web-client'

/**
 * Sign-in and sign-up through the gateway (spec section 7: `POST /auth/login`, `POST /auth/sineUp` in
 * its documented spelling). The answer is checked against the contract before it is stored; a failure
 * has already been shown as an error toast with the server's message by the API client.
 */
function keep(answer: unknown): AuthResponse {
  const auth = authResponse.parse(answer)
  signIn(auth)
  return auth
}

export const logIn = async (credentials: LoginRequest) =>
  keep(await api.call(identityApi.login, { body: credentials }))

export const register = async (payload: RegisterRequest) =>
  keep(await api.call(identityApi.signUp, { body: payload }))
