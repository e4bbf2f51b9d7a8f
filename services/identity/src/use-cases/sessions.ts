import { randomUUID } from 'node:crypto'
import {
  type AuthResponse,
  IDENTITY_ANSWERS,
  PASSWORD_CHANGED,
  RESET_LINK_SENT,
} from '@medstore/contracts/identity'
import { Invalid, SESSION_INVALID, TooMany, Unauthenticated } from '@medstore/service-kit'
import { newOpaqueToken, tokenHash } from '../auth/opaque-tokens'
import { hashPassword, passwordMatches } from '../auth/passwords'
import type { TokenSigner } from '../auth/tokens'
import type { IdentityConfig } from '../config'
import type { AttemptRepository } from '../data/attempts'
import type { SessionRepository } from '../data/sessions'
import type { StoredAccount, UserRepository } from '../data/users'
import { lockedForMs, retryMessage } from '../domain/attempts'
import { weakPasswordProblem } from '../domain/password-strength'
import type { Account } from '../domain/users'
import { passwordResetRequested } from '../events/password-reset-requested'
import { presentAuth } from '../presenters/users'

type Deps = {
  users: UserRepository
  sessions: SessionRepository
  attempts: AttemptRepository
  sign: TokenSigner
  config: IdentityConfig
}

export const RESET_LINK_INVALID =
  'This password reset link is invalid, used or expired. Please ask for a new one.'
export const WRONG_CURRENT_PASSWORD = IDENTITY_ANSWERS.wrongCurrentPassword.message

/** `field`: the request's name for the new password, so a form can show the refusal beside it. */
const refuseWeak = (password: string, account: Account, field: 'password' | 'newPassword') => {
  const weak = weakPasswordProblem(password, [
    account.firstName,
    account.lastName,
    account.userName,
    account.email,
  ])
  if (weak) throw new Invalid(weak, [{ path: field, message: weak, code: 'weak_password' }])
}

/**
 * Sessions: a short-lived access token (signed, checked by every service) and a refresh token per device
 * (stored hashed, rotated on every use, revocable), and the ways they end: signing out here or
 * everywhere, a password change, a reset by e-mail.
 */
export function sessionUseCases({ users, sessions, attempts, sign, config }: Deps) {
  const expiry = () => new Date(Date.now() + config.REFRESH_TOKEN_TTL_MS)
  const passwordChecks = {
    freeFailures: config.LOGIN_MAX_FAILURES,
    baseDelayMs: 1_000,
    maxDelayMs: config.THROTTLE_MAX_DELAY_MS,
    forgetAfterMs: config.LOGIN_FAILURE_WINDOW_MS,
  }

  async function issue(account: StoredAccount, familyId: string = randomUUID()): Promise<AuthResponse> {
    const refreshToken = newOpaqueToken()
    await sessions.addRefresh({
      userId: account.id,
      familyId,
      hash: tokenHash(refreshToken),
      expiresAt: expiry(),
    })
    return { ...presentAuth(account, sign(account)), refreshToken }
  }

  return {
    /** A new session for an account that has just proved who it is (sign-up, sign-in). */
    start: (account: StoredAccount) => issue(account),

    /**
     * Uses a refresh token up for the next pair. A token used before is a stolen copy (or the thief's
     * is the one used first): the whole family is revoked, so both must sign in again.
     */
    async refresh(refreshToken: string): Promise<AuthResponse> {
      const stored = await sessions.findRefresh(tokenHash(refreshToken))
      if (!stored || stored.revokedAt || stored.expiresAt <= new Date())
        throw new Unauthenticated(SESSION_INVALID)
      if (stored.usedAt) {
        await sessions.revokeFamily(stored.familyId)
        throw new Unauthenticated(SESSION_INVALID)
      }
      // Read afresh: a demoted administrator's next token says so, and a deleted account has no session.
      const account = await users.findById(stored.userId)
      if (!account) throw new Unauthenticated(SESSION_INVALID)
      const next = newOpaqueToken()
      const rotated = await sessions.rotate(stored.id, {
        userId: account.id,
        familyId: stored.familyId,
        hash: tokenHash(next),
        expiresAt: expiry(),
      })
      if (!rotated) {
        await sessions.revokeFamily(stored.familyId)
        throw new Unauthenticated(SESSION_INVALID)
      }
      return { ...presentAuth(account, sign(account)), refreshToken: next }
    },

    /** Signs this device out: its token's family ends. Unknown tokens are ignored (nothing to end). */
    async logout(refreshToken: string): Promise<void> {
      const stored = await sessions.findRefresh(tokenHash(refreshToken))
      if (stored) await sessions.revokeFamily(stored.familyId)
    },

    logoutEverywhere: (userId: string) => sessions.revokeAll(userId),

    /**
     * Every session ends, this device's too; it gets a new one at once. Wrong current passwords are
     * throttled like sign-in failures: a stolen session must not be a way to guess the password (and then
     * end the owner's sessions with it).
     */
    async changePassword(userId: string, current: string, next: string): Promise<AuthResponse> {
      const account = await users.findById(userId)
      if (!account) throw new Unauthenticated(SESSION_INVALID)
      const key = `password-change:${userId}`
      const wait = lockedForMs((await attempts.current([key])).get(key), new Date(), passwordChecks)
      if (wait > 0)
        throw new TooMany(retryMessage('Too many wrong current passwords for this account.', wait), wait)
      // A 400 about the field, not a 401: the caller's session is fine, and a 401 would end it.
      if (!(await passwordMatches(account.passwordHash, current))) {
        await attempts.count([{ key, policy: passwordChecks }])
        throw new Invalid(WRONG_CURRENT_PASSWORD, [IDENTITY_ANSWERS.wrongCurrentPassword])
      }
      await attempts.clear([key])
      refuseWeak(next, account, 'newPassword')
      await sessions.setPassword(account.id, await hashPassword(next))
      return issue({ ...account })
    },

    /**
     * E-mails a single-use link when the account exists; the answer is the same either way. Limited per
     * client address, as every request costs an e-mail.
     */
    async forgotPassword(email: string, address: string): Promise<{ message: string }> {
      const key = `reset-from:${address}`
      const policy = {
        freeFailures: config.RESET_ADDRESS_MAX_REQUESTS,
        baseDelayMs: 1_000,
        maxDelayMs: config.THROTTLE_MAX_DELAY_MS,
        forgetAfterMs: config.SIGNUP_WINDOW_MS,
      }
      const wait = lockedForMs((await attempts.current([key])).get(key), new Date(), policy)
      if (wait > 0)
        throw new TooMany(retryMessage('Too many password reset requests from your network.', wait), wait)
      await attempts.count([{ key, policy }])
      const account = await users.findByEmail(email)
      if (account) {
        const token = newOpaqueToken()
        const expiresAt = new Date(Date.now() + config.PASSWORD_RESET_TTL_MS)
        const resetUrl = new URL(
          `/reset-password?token=${encodeURIComponent(token)}`,
          config.SHELL_URL,
        ).toString()
        await sessions.addReset({ userId: account.id, hash: tokenHash(token), expiresAt }, [
          passwordResetRequested(account.id, resetUrl, expiresAt),
        ])
      }
      return { message: RESET_LINK_SENT }
    },

    /** Sets the new password with a link from the e-mail: once, before it expires; every session ends. */
    async resetPassword(token: string, password: string): Promise<{ message: string }> {
      const hash = tokenHash(token)
      const pending = await sessions.findReset(hash)
      if (!pending || pending.usedAt || pending.expiresAt <= new Date()) throw new Invalid(RESET_LINK_INVALID)
      const account = await users.findById(pending.userId)
      if (!account) throw new Invalid(RESET_LINK_INVALID)
      refuseWeak(password, account, 'password')
      const done = await sessions.useReset(hash, await hashPassword(password))
      if (!done) throw new Invalid(RESET_LINK_INVALID)
      return { message: PASSWORD_CHANGED }
    },
  }
}
export type SessionUseCases = ReturnType<typeof sessionUseCases>
