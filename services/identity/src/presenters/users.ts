import type { AuthResponse, UserInfo, UserSummary } from '@medstore/contracts/identity'
import { type Account, accountLanguage, displayName } from '../domain/users'

/** Who a token belongs to, as the storefront shows it. */
export const presentUserInfo = (a: Account): UserInfo => ({
  id: a.id,
  name: displayName(a),
  email: a.email,
  userName: a.userName,
  isAdmin: a.isAdmin,
  locale: accountLanguage(a),
})

/** One row of the back office's user list. */
export const presentUserSummary = (a: Account): UserSummary => ({
  _id: a.id,
  firstName: a.firstName,
  lastName: a.lastName,
  userName: a.userName,
  email: a.email,
  phone: a.phone,
  isAdmin: a.isAdmin,
  createdAt: a.createdAt.toISOString(),
})

/** A signed-in answer: the token and who it is for. */
export const presentAuth = (a: Account, token: string): AuthResponse => ({
  token,
  userInfo: presentUserInfo(a),
})
