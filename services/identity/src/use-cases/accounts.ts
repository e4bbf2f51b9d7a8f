import type { AuthResponse, UserSummary } from '@medstore/contracts/identity'
import { conflict, HttpError } from '@medstore/service-kit'
import { hashPassword, passwordMatches, spendVerifyTime } from '../auth/passwords'
import type { TokenSigner } from '../auth/tokens'
import type { IdentityConfig } from '../config'
import type { AttemptRepository } from '../data/attempts'
import type { UserRepository } from '../data/users'
import { type AttemptPolicy, lockedForMs } from '../domain/attempts'
import {
  authResponse,
  INVALID_CREDENTIALS,
  TAKEN_MESSAGES,
  type Taken,
  toUserSummary,
  type UserPage,
  userNameKey,
} from '../domain/users'
import { userRegistered } from '../events/user-registered'
import { TooManyAttempts } from './errors'

/** A sign-up body after validation (the contract's output: trimmed, email lower-cased, phone 10 digits). */
export type SignUp = {
  firstName: string
  lastName: string
  userName: string
  email: string
  phone: string
  password: string
}

type Deps = { users: UserRepository; attempts: AttemptRepository; sign: TokenSigner; config: IdentityConfig }

/** Sign-up, sign-in and the user list: the identity service's use cases. */
export function accounts({ users, attempts, sign, config }: Deps) {
  const signInPolicy: AttemptPolicy = {
    maxAttempts: config.LOGIN_MAX_FAILURES,
    windowMs: config.LOGIN_FAILURE_WINDOW_MS,
  }
  const signUpPolicy: AttemptPolicy = {
    maxAttempts: config.SIGNUP_MAX_ATTEMPTS,
    windowMs: config.SIGNUP_WINDOW_MS,
  }

  async function refuseTaken(key: string, taken: Taken): Promise<never> {
    await attempts.count(key, signUpPolicy)
    throw conflict(TAKEN_MESSAGES[taken])
  }

  return {
    /** Always a customer: nothing in the body can make an administrator. */
    async signUp(input: SignUp): Promise<AuthResponse> {
      const key = `signup:${input.email}`
      const wait = lockedForMs(await attempts.current(key), new Date(), signUpPolicy)
      if (wait > 0) throw new TooManyAttempts('Too many sign-up attempts for this email.', wait)
      const nameKey = userNameKey(input.userName)
      const taken = await users.taken(input.email, nameKey)
      if (taken) return refuseTaken(key, taken)
      const created = await users.create(
        {
          firstName: input.firstName,
          lastName: input.lastName,
          userName: input.userName,
          userNameKey: nameKey,
          email: input.email,
          phone: input.phone,
          passwordHash: await hashPassword(input.password),
          isAdmin: false,
        },
        (account) => [userRegistered(account)],
      )
      if (typeof created === 'string') return refuseTaken(key, created)
      return authResponse(created, sign(created))
    },

    async signIn(email: string, password: string): Promise<AuthResponse> {
      const key = `login:${email}`
      const current = await attempts.current(key)
      const wait = lockedForMs(current, new Date(), signInPolicy)
      if (wait > 0) throw new TooManyAttempts('Too many failed sign-in attempts for this account.', wait)
      const account = await users.findByEmail(email)
      const ok = account
        ? await passwordMatches(account.passwordHash, password)
        : await spendVerifyTime(password).then(() => false)
      if (!account || !ok) {
        await attempts.count(key, signInPolicy)
        throw new HttpError(401, INVALID_CREDENTIALS)
      }
      if (current) await attempts.clear(key)
      return authResponse(account, sign(account))
    },

    async list(page: UserPage): Promise<{ users: UserSummary[]; total: number }> {
      const { users: rows, total } = await users.list(page)
      return { users: rows.map(toUserSummary), total }
    },
  }
}
export type Accounts = ReturnType<typeof accounts>
