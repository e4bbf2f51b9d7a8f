import path from 'node:path'
import type { ServiceDefinition } from '@medstore/service-kit'
import { signingKey } from './auth/signing-key'
import { tokenSigner } from './auth/tokens'
import { identityEnv } from './config'
import { attemptRepository } from './data/attempts'
import type { Db, Tx } from './data/db'
import { userRepository } from './data/users'
import { seedDemoCustomers } from './demo/seed-demo-customers'
import { PrismaClient } from './generated/prisma/client'
import { authRouter } from './http/auth'
import { jwksRouter } from './http/jwks'
import { retryAfter } from './http/retry-after'
import { usersRouter } from './http/users'
import { accounts } from './use-cases/accounts'
import { adminCredentials, ensureAdmin } from './use-cases/ensure-admin'

/** The identity service: accounts, sign-up and sign-in, the tokens everyone verifies, the administrator. */
export const identityService: ServiceDefinition<Db, typeof identityEnv, Tx> = {
  name: 'identity',
  serviceDir: path.resolve(import.meta.dirname, '..'),
  env: identityEnv,
  createDb: (adapter) => new PrismaClient({ adapter }),
  // Identity verifies its own tokens with its own public key rather than fetching its own JWKS.
  signingKeys: ({ config }) => {
    const key = signingKey(config)
    return async (kid) => (kid === undefined || kid === key.kid ? key.publicKey : undefined)
  },
  onStart: async ({ config, db, logger }) => {
    const credentials = adminCredentials(config, logger)
    if (credentials) await ensureAdmin(userRepository(db), credentials, config.ADMIN_USERNAME, logger)
    if (config.SEED_DEMO_DATA) await seedDemoCustomers(db, logger)
  },
  routes: ({ config, db, auth }) => {
    const key = signingKey(config)
    const users = userRepository(db)
    const useCases = accounts({
      users,
      attempts: attemptRepository(db),
      sign: tokenSigner(config, key),
      config,
    })
    const routers = [jwksRouter(key), authRouter(useCases, users, auth), usersRouter(useCases, auth)]
    for (const router of routers) router.use(retryAfter)
    return routers
  },
}
