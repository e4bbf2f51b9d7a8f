import { userListQuery } from '@medstore/contracts/identity'
import { type AuthMiddleware, parseInput, setPageHeaders } from '@medstore/service-kit'
import { Router } from 'express'
import { userPage } from '../domain/users'
import type { Accounts } from '../use-cases/accounts'

/** GET /user: the back-office customer list (administrators only). */
export function usersRouter(accounts: Accounts, auth: AuthMiddleware): Router {
  const router = Router({ caseSensitive: true })
  router.get('/user', auth.requireAdmin, async (req, res) => {
    const query = parseInput(userListQuery, req.query)
    const page = userPage(query)
    const { users, total } = await accounts.list(page)
    setPageHeaders(req, res, page, total)
    res.json(users)
  })
  return router
}
