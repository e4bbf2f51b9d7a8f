import type { Logger } from '@medstore/service-kit'
import { enqueueEvents } from '@medstore/service-kit'
import { hashPassword } from '../auth/passwords'
import type { Db } from '../data/db'
import { userNameKey } from '../domain/users'
import { userRegistered } from '../events/user-registered'
import { DEMO_CUSTOMER_PASSWORD, demoCustomers } from './demo-customers'

/**
 * When there is no customer account yet (the administrator does not count), creates the demo customers,
 * backdated, each with its user.registered event dated at its registration (so other services' replicas
 * see when they joined). Returns how many were created. Two instances starting together seed once.
 */
export async function seedDemoCustomers(db: Db, logger: Logger, now = new Date()): Promise<number> {
  if ((await db.user.count({ where: { isAdmin: false } })) > 0) return 0
  // One hash for all of them: argon2 is slow on purpose, and they share the documented demo password.
  const passwordHash = await hashPassword(DEMO_CUSTOMER_PASSWORD)
  const created = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('identity.demo-customers'))`
    if ((await tx.user.count({ where: { isAdmin: false } })) > 0) return 0
    const customers = demoCustomers(now)
    for (const c of customers) {
      const account = await tx.user.create({
        data: { ...c, userNameKey: userNameKey(c.userName), passwordHash, isAdmin: false },
      })
      await enqueueEvents(tx, userRegistered(account))
    }
    return customers.length
  })
  if (created > 0)
    logger.info(
      { customers: created, password: DEMO_CUSTOMER_PASSWORD },
      'demo data: demo customers created (they sign in with this password)',
    )
  return created
}
