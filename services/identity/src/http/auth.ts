import { identityApi } from '@medstore/contracts/identity'
import { type AuthMiddleware, apiRouter, noStore, pageReply } from '@medstore/service-kit'
import { Router } from 'express'
import type { AccountUseCases } from '../use-cases/accounts'

/** /auth: sign-up (documented spelling and alias), sign-in, who the token belongs to; /user (administrators). */
export function accountRouter(accounts: AccountUseCases, auth: AuthMiddleware) {
  const signUp = ({ body }: { body: { cmPassword: string } & Parameters<AccountUseCases['signUp']>[0] }) => {
    const { cmPassword: _confirmed, ...input } = body
    return accounts.signUp(input)
  }
  const routes = apiRouter(auth, { caseSensitive: true })
    .route(identityApi.signUp, signUp)
    .route(identityApi.signUpAlias, signUp)
    .route(identityApi.login, ({ body }) => accounts.signIn(body.email, body.password))
    .route(identityApi.me, ({ user }) => accounts.me(user.id))
    .route(identityApi.users, async ({ query }) => pageReply(await accounts.list(query))).router
  // Every answer here is about an account or carries its token: no cache keeps any of them.
  return Router().use(noStore, routes)
}
