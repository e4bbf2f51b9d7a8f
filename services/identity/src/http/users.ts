import { TOTAL_COUNT_HEADER } from '@medstore/contracts/api'
import { userListQuery } from '@medstore/contracts/identity'
import { type AuthMiddleware, parseInput } from '@medstore/service-kit'
import { Router } from 'express'
import { userPage } from '../domain/users'
import type { Accounts } from '../use-cases/accounts'

/** GET /user: the back-office customer list (administrators only). */
export function usersRouter(accounts: Accounts, auth: AuthMiddleware): Router {
  const router = Router({ caseSensitive: true })
  router.get('/user', auth.requireAdmin, async (req, res) => {
    const query = parseInput(userListQuery, req.query)
    const { users, total } = await accounts.list(userPage(query))
    res.setHeader(TOTAL_COUNT_HEADER, String(total))
    res.json(users)
  })
  return router
}
