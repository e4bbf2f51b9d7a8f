import type { AuthResponse, UserInfo, UserSummary } from '@medstore/contracts/identity'
import {
  Conflict,
  Invalid,
  type ListPage,
  SESSION_INVALID,
  TooMany,
  Unauthenticated,
} from '@medstore/service-kit'
import { hashPassword, passwordMatches, spendVerifyTime } from '../auth/passwords'
import type { TokenSigner } from '../auth/tokens'
import type { IdentityConfig } from '../config'
import type { AttemptRepository } from '../data/attempts'
import type { UserRepository } from '../data/users'
import { type AttemptPolicy, lockedForMs, retryMessage } from '../domain/attempts'
import { weakPasswordProblem } from '../domain/password-strength'
import { INVALID_CREDENTIALS, TAKEN_MESSAGES, type Taken, userNameKey, userPage } from '../domain/users'
import { userRegistered } from '../events/user-registered'
import { presentAuth, presentUserInfo, presentUserSummary } from '../presenters/users'

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

/** 429 with the wait in the message (the kit adds Retry-After). */
const tooMany = (prefix: string, waitMs: number) => new TooMany(retryMessage(prefix, waitMs), waitMs)

/** Sign-up, sign-in, who a token belongs to, and the user list: the identity service's use cases. */
export function accountUseCases({ users, attempts, sign, config }: Deps) {
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
    throw new Conflict(TAKEN_MESSAGES[taken])
  }

  return {
    /** Always a customer: nothing in the body can make an administrator. */
    async signUp(input: SignUp): Promise<AuthResponse> {
      const key = `signup:${input.email}`
      const wait = lockedForMs(await attempts.current(key), new Date(), signUpPolicy)
      if (wait > 0) throw tooMany('Too many sign-up attempts for this email.', wait)
      const weak = weakPasswordProblem(input.password, [
        input.firstName,
        input.lastName,
        input.userName,
        input.email,
      ])
      if (weak) throw new Invalid(weak, [{ path: 'password', message: weak }])
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
      return presentAuth(created, sign(created))
    },

    async signIn(email: string, password: string): Promise<AuthResponse> {
      const key = `login:${email}`
      const current = await attempts.current(key)
      const wait = lockedForMs(current, new Date(), signInPolicy)
      if (wait > 0) throw tooMany('Too many failed sign-in attempts for this account.', wait)
      const account = await users.findByEmail(email)
      const ok = account
        ? await passwordMatches(account.passwordHash, password)
        : await spendVerifyTime(password).then(() => false)
      if (!account || !ok) {
        await attempts.count(key, signInPolicy)
        throw new Unauthenticated(INVALID_CREDENTIALS)
      }
      if (current) await attempts.clear(key)
      return presentAuth(account, sign(account))
    },

    async me(userId: string): Promise<UserInfo> {
      const account = await users.findById(userId)
      // A valid token for an account that no longer exists is a session that is no longer valid.
      if (!account) throw new Unauthenticated(SESSION_INVALID)
      return presentUserInfo(account)
    },

    async list(query: { q?: string; page?: number; limit?: number }): Promise<ListPage<UserSummary[]>> {
      const page = userPage(query)
      const { users: rows, total } = await users.list(page)
      return { items: rows.map(presentUserSummary), page, total }
    },
  }
}
export type AccountUseCases = ReturnType<typeof accountUseCases>
