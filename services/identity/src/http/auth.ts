import { identityApi } from '@medstore/contracts/identity'
import { type AuthMiddleware, apiRouter, noStore, pageReply } from '@medstore/service-kit'
import { type Request, Router } from 'express'
import type { AccountUseCases } from '../use-cases/accounts'
import type { SessionUseCases } from '../use-cases/sessions'

/** The caller's address: the gateway's X-Forwarded-For first hop (the kit trusts it from the gateway only). */
const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown'

/**
 * /auth: sign-up (documented spelling and alias), sign-in, sessions (refresh, sign out here or everywhere),
 * password change and reset, who the token belongs to; /user (administrators).
 */
export function accountRouter(accounts: AccountUseCases, sessions: SessionUseCases, auth: AuthMiddleware) {
  const signUp = ({
    body,
    req,
  }: {
    body: { cmPassword: string } & Parameters<AccountUseCases['signUp']>[0]
    req: Request
  }) => {
    const { cmPassword: _confirmed, ...input } = body
    return accounts.signUp(input, clientAddress(req))
  }
  const routes = apiRouter(auth, { caseSensitive: true })
    .route(identityApi.signUp, signUp)
    .route(identityApi.signUpAlias, signUp)
    .route(identityApi.login, ({ body, req }) =>
      accounts.signIn(body.email, body.password, clientAddress(req)),
    )
    .route(identityApi.refresh, ({ body }) => sessions.refresh(body.refreshToken))
    .route(identityApi.logout, ({ body }) => sessions.logout(body.refreshToken))
    .route(identityApi.logoutEverywhere, ({ user }) => sessions.logoutEverywhere(user.id))
    .route(identityApi.changePassword, ({ body, user }) =>
      sessions.changePassword(user.id, body.currentPassword, body.newPassword),
    )
    .route(identityApi.forgotPassword, ({ body, req }) =>
      sessions.forgotPassword(body.email, clientAddress(req)),
    )
    .route(identityApi.resetPassword, ({ body }) => sessions.resetPassword(body.token, body.password))
    .route(identityApi.me, ({ user }) => accounts.me(user.id))
    .route(identityApi.setLocale, ({ body, user }) => accounts.setLocale(user.id, body.locale))
    .route(identityApi.users, async ({ query }) => pageReply(await accounts.list(query))).router
  // Every answer here is about an account or carries its token: no cache keeps any of them.
  return Router().use(noStore, routes)
}
