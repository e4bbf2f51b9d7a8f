import type { AuthResponse, UserInfo, UserSummary } from '@medstore/contracts/identity'
import type { Language } from '@medstore/contracts/languages'
import {
  Conflict,
  Invalid,
  type ListPage,
  SESSION_INVALID,
  TooMany,
  Unauthenticated,
} from '@medstore/service-kit'
import { hashPassword, passwordMatches, spendVerifyTime } from '../auth/passwords'
import type { IdentityConfig } from '../config'
import type { AttemptRepository } from '../data/attempts'
import type { StoredAccount, UserRepository } from '../data/users'
import { type AttemptPolicy, hasFailures, lockedForMs, retryMessage } from '../domain/attempts'
import { weakPasswordProblem } from '../domain/password-strength'
import {
  INVALID_CREDENTIALS,
  TAKEN_MESSAGES,
  type Taken,
  takenField,
  userNameKey,
  userPage,
} from '../domain/users'
import { localeChanged } from '../events/locale-changed'
import { signInFailures } from '../events/sign-in-failures'
import { userRegistered } from '../events/user-registered'
import { presentUserInfo, presentUserSummary } from '../presenters/users'

/** A sign-up body after validation (the contract's output: trimmed, email lower-cased, phone 10 digits). */
export type SignUp = {
  /** The language the form was filled in, if the front end says. */
  locale?: Language
  firstName: string
  lastName: string
  userName: string
  email: string
  phone: string
  password: string
}

type SignUpKeys = { email: string; address: string }

type Deps = {
  users: UserRepository
  attempts: AttemptRepository
  /** A new session (access and refresh token) for an account that has proved who it is. */
  startSession: (account: StoredAccount) => Promise<AuthResponse>
  config: IdentityConfig
}

/** 429 with the wait in the message (the kit adds Retry-After). */
const tooMany = (prefix: string, waitMs: number) => new TooMany(retryMessage(prefix, waitMs), waitMs)

/** Sign-up, sign-in, who a token belongs to, and the user list: the identity service's use cases. */
export function accountUseCases({ users, attempts, startSession, config }: Deps) {
  const policy = (freeFailures: number, forgetAfterMs: number): AttemptPolicy => ({
    freeFailures,
    baseDelayMs: 1_000,
    maxDelayMs: config.THROTTLE_MAX_DELAY_MS,
    forgetAfterMs,
  })
  const accountSignIns = policy(config.LOGIN_MAX_FAILURES, config.LOGIN_FAILURE_WINDOW_MS)
  const addressSignIns = policy(config.LOGIN_ADDRESS_MAX_FAILURES, config.LOGIN_FAILURE_WINDOW_MS)
  const emailSignUps = policy(config.SIGNUP_MAX_ATTEMPTS, config.SIGNUP_WINDOW_MS)
  const addressSignUps = policy(config.SIGNUP_ADDRESS_MAX_ATTEMPTS, config.SIGNUP_WINDOW_MS)

  /** A refused sign-up costs the email and the address alike, so checking a list of emails is slow. */
  async function refuseTaken(keys: SignUpKeys, taken: Taken): Promise<never> {
    await attempts.count([
      { key: keys.email, policy: emailSignUps },
      { key: keys.address, policy: addressSignUps },
    ])
    throw new Conflict(TAKEN_MESSAGES[taken], { details: { errors: [takenField(taken)] } })
  }

  return {
    /** Always a customer: nothing in the body can make an administrator. */
    async signUp(input: SignUp, address: string): Promise<AuthResponse> {
      const keys = { email: `signup:${input.email}`, address: `signup-from:${address}` }
      const counts = await attempts.current([keys.email, keys.address])
      const now = new Date()
      const fromAddress = lockedForMs(counts.get(keys.address), now, addressSignUps)
      if (fromAddress > 0) throw tooMany('Too many sign-up attempts from your network.', fromAddress)
      const wait = lockedForMs(counts.get(keys.email), now, emailSignUps)
      if (wait > 0) throw tooMany('Too many sign-up attempts for this email.', wait)
      const weak = weakPasswordProblem(input.password, [
        input.firstName,
        input.lastName,
        input.userName,
        input.email,
      ])
      if (weak) throw new Invalid(weak, [{ path: 'password', message: weak, code: 'weak_password' }])
      const nameKey = userNameKey(input.userName)
      const taken = await users.taken(input.email, nameKey)
      if (taken) return refuseTaken(keys, taken)
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
          locale: input.locale ?? null,
        },
        (account) => [userRegistered(account)],
      )
      if (typeof created === 'string') return refuseTaken(keys, created)
      return startSession(created)
    },

    /**
     * Sign-in, throttled as OWASP advises rather than locked: an address that keeps failing (on any
     * accounts) waits longer each time; an account that keeps failing makes the addresses that failed on
     * it wait, while the right password from any other address still signs in, so nobody can lock the
     * owner out. Unknown emails are counted the same, so a wait reveals nothing.
     */
    async signIn(email: string, password: string, address: string): Promise<AuthResponse> {
      const keys = {
        account: `login:${email}`,
        address: `login-from:${address}`,
        pair: `login:${email}:from:${address}`,
      }
      const counts = await attempts.current([keys.account, keys.address, keys.pair])
      const now = new Date()
      const fromAddress = lockedForMs(counts.get(keys.address), now, addressSignIns)
      if (fromAddress > 0) throw tooMany('Too many failed sign-in attempts from your network.', fromAddress)
      const onAccount = lockedForMs(counts.get(keys.account), now, accountSignIns)
      if (onAccount > 0 && hasFailures(counts.get(keys.pair), now, accountSignIns))
        throw tooMany('Too many failed sign-in attempts for this account.', onAccount)
      const account = await users.findByEmail(email)
      const ok = account
        ? await passwordMatches(account.passwordHash, password)
        : await spendVerifyTime(password).then(() => false)
      if (!account || !ok) {
        await attempts.count(
          [
            { key: keys.account, policy: accountSignIns },
            { key: keys.address, policy: addressSignIns },
            { key: keys.pair, policy: accountSignIns },
          ],
          // The owner hears of it once per run of failures: when the delays begin.
          (after) =>
            account && after.get(keys.account)?.attempts === accountSignIns.freeFailures
              ? [signInFailures(account.id, accountSignIns.freeFailures, address)]
              : [],
        )
        throw new Unauthenticated(INVALID_CREDENTIALS)
      }
      if (counts.has(keys.account) || counts.has(keys.pair)) await attempts.clear([keys.account, keys.pair])
      return startSession(account)
    },

    async me(userId: string): Promise<UserInfo> {
      const account = await users.findById(userId)
      // A valid token for an account that no longer exists is a session that is no longer valid.
      if (!account) throw new Unauthenticated(SESSION_INVALID)
      return presentUserInfo(account)
    },

    /** Keeps the account's language; its other devices adopt it at sign-in, and its e-mails follow it. */
    async setLocale(userId: string, locale: Language): Promise<UserInfo> {
      const account = await users.setLocale(userId, locale, (previous) =>
        previous === locale ? [] : [localeChanged(userId, locale)],
      )
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
