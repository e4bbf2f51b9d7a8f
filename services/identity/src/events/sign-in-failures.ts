import { createEvent } from '@medstore/service-kit'

/** `user.sign_in_failures`: the account's failed sign-ins reached the point where they are slowed down. */
export const signInFailures = (userId: string, failures: number, lastAddress: string) =>
  createEvent('user.sign_in_failures', { userId, failures, lastAddress })
