import { type EventEnvelope, enqueueEvents, escapeLike } from '@medstore/service-kit'
import type { Account, Taken, UserPage } from '../domain/users'
import { Prisma } from '../generated/prisma/client'
import type { Db } from './db'

export type NewAccount = Omit<Account, 'id' | 'createdAt' | 'isAdmin' | 'locale'> & {
  locale?: string | null
  userNameKey: string
  passwordHash: string
  isAdmin?: boolean
}
export type StoredAccount = Account & { passwordHash: string }

/** The user table. Account rows leave this module only through the domain's mapping functions. */
export function userRepository(db: Db) {
  return {
    findByEmail: (email: string): Promise<StoredAccount | null> => db.user.findUnique({ where: { email } }),

    findById: (id: string): Promise<StoredAccount | null> => db.user.findUnique({ where: { id } }),

    /** Which of the two unique fields is already in use (email first), if any. */
    async taken(email: string, userNameKey: string): Promise<Taken | undefined> {
      const rows = await db.user.findMany({
        where: { OR: [{ email }, { userNameKey }] },
        select: { email: true, userNameKey: true },
      })
      if (rows.some((r) => r.email === email)) return 'email'
      if (rows.some((r) => r.userNameKey === userNameKey)) return 'userName'
      return undefined
    },

    /**
     * Creates the account and enqueues its events in one transaction. A concurrent sign-up that took the
     * email or user name first surfaces as a Taken result rather than an error.
     */
    async create(
      account: NewAccount,
      events: (created: StoredAccount) => EventEnvelope[],
    ): Promise<StoredAccount | Taken> {
      try {
        return await db.$transaction(async (tx) => {
          const created = await tx.user.create({ data: account })
          await enqueueEvents(tx, ...events(created))
          return created
        })
      } catch (err) {
        const taken = uniqueViolation(err)
        if (taken) return taken
        throw err
      }
    },

    update: (id: string, data: { isAdmin?: boolean; passwordHash?: string }) =>
      db.user.update({ where: { id }, data }),

    /**
     * Keeps the account's language and enqueues `events(previous)` in one transaction; null when there is no
     * such account. The row is locked, so two devices switching at once publish in the order they wrote.
     */
    async setLocale(
      id: string,
      locale: string,
      events: (previous: string | null) => EventEnvelope[],
    ): Promise<StoredAccount | null> {
      return db.$transaction(async (tx) => {
        const [row] = await tx.$queryRaw<{ locale: string | null }[]>`
          SELECT locale FROM "User" WHERE id = ${id} FOR UPDATE`
        if (!row) return null
        const updated = await tx.user.update({ where: { id }, data: { locale } })
        await enqueueEvents(tx, ...events(row.locale))
        return updated
      })
    },

    /** Newest first. Without paging: every user. */
    async list({ q, skip, take }: UserPage): Promise<{ users: Account[]; total: number }> {
      const where: Prisma.UserWhereInput = q
        ? {
            OR: (['userName', 'email', 'firstName', 'lastName'] as const).map((field) => ({
              [field]: { contains: escapeLike(q), mode: 'insensitive' as const },
            })),
          }
        : {}
      const select = {
        id: true,
        firstName: true,
        lastName: true,
        userName: true,
        email: true,
        phone: true,
        isAdmin: true,
        locale: true,
        createdAt: true,
      } as const
      const [users, total] = await db.$transaction([
        db.user.findMany({ where, select, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip, take }),
        db.user.count({ where }),
      ])
      return { users, total }
    },
  }
}
export type UserRepository = ReturnType<typeof userRepository>

function uniqueViolation(err: unknown): Taken | undefined {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError) || err.code !== 'P2002') return undefined
  const target = JSON.stringify(err.meta ?? {})
  return target.includes('userNameKey') ? 'userName' : 'email'
}
