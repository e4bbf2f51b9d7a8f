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
async function authenticate(path: string, body: unknown): Promise<AuthResponse> {
  const answer = await api.post<unknown>(path, body)
  const auth = authResponse.parse(answer)
  signIn(auth)
  return auth
}

export const logIn = (credentials: LoginRequest) => authenticate('/auth/login', credentials)

export const register = (payload: RegisterRequest) => authenticate('/auth/sineUp', payload)
