import { loginRequest, registerRequest } from '@medstore/contracts/identity'
import { type AuthMiddleware, parseInput, SESSION_INVALID, unauthorized } from '@medstore/service-kit'
import { Router } from 'express'
import type { UserRepository } from '../data/users'
import { toUserInfo } from '../domain/users'
import type { Accounts } from '../use-cases/accounts'

/** /auth: sign-up (documented spelling and alias), sign-in, and who the token belongs to. */
export function authRouter(accounts: Accounts, users: UserRepository, auth: AuthMiddleware): Router {
  const router = Router({ caseSensitive: true })

  router.post(['/auth/sineUp', '/auth/signup'], async (req, res) => {
    const { cmPassword: _confirmed, ...input } = parseInput(registerRequest, req.body ?? {})
    res.status(201).json(await accounts.signUp(input))
  })

  router.post('/auth/login', async (req, res) => {
    const { email, password } = parseInput(loginRequest, req.body ?? {})
    res.json(await accounts.signIn(email, password))
  })

  router.get('/auth/me', auth.requireUser, async (req, res) => {
    const account = await users.findById(req.user!.id)
    // A valid token for an account that no longer exists is a session that is no longer valid.
    if (!account) throw unauthorized(SESSION_INVALID)
    res.json(toUserInfo(account))
  })

  return router
}
