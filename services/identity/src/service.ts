import path from 'node:path'
import type { ServiceDefinition } from '@medstore/service-kit'
import { signingKey } from './auth/signing-key'
import { tokenSigner } from './auth/tokens'
import { identityEnv } from './config'
import { attemptRepository } from './data/attempts'
import type { Db, Tx } from './data/db'
import { sessionRepository } from './data/sessions'
import { userRepository } from './data/users'
import { seedDemoCustomers } from './demo/seed-demo-customers'
import { PrismaClient } from './generated/prisma/client'
import { accountRouter } from './http/auth'
import { jwksRouter } from './http/jwks'
import { accountUseCases } from './use-cases/accounts'
import { adminCredentials, ensureAdmin } from './use-cases/ensure-admin'
import { sessionUseCases } from './use-cases/sessions'

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
    const attempts = attemptRepository(db)
    const sessions = sessionUseCases({
      users,
      sessions: sessionRepository(db),
      attempts,
      sign: tokenSigner(config, key),
      config,
    })
    const accounts = accountUseCases({ users, attempts, startSession: sessions.start, config })
    return [jwksRouter(key), accountRouter(accounts, sessions, auth)]
  },
}
