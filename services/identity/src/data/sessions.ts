import { type EventEnvelope, enqueueEvents } from '@medstore/service-kit'
import type { Db } from './db'

export type StoredRefreshToken = {
  id: string
  userId: string
  familyId: string
  expiresAt: Date
  usedAt: Date | null
  revokedAt: Date | null
}

/** Refresh tokens and password-reset links, by hash (see prisma/schema.prisma). */
export function sessionRepository(db: Db) {
  return {
    findRefresh: (hash: string): Promise<StoredRefreshToken | null> =>
      db.refreshToken.findUnique({ where: { tokenHash: hash } }),

    async addRefresh(token: { userId: string; familyId: string; hash: string; expiresAt: Date }) {
      await db.refreshToken.create({
        data: {
          userId: token.userId,
          familyId: token.familyId,
          tokenHash: token.hash,
          expiresAt: token.expiresAt,
        },
      })
    },

    /**
     * Uses a token up and stores its successor, in one transaction; false when it had been used (or
     * revoked) meanwhile, e.g. by a concurrent refresh with the same token.
     */
    rotate: (usedId: string, next: { userId: string; familyId: string; hash: string; expiresAt: Date }) =>
      db.$transaction(async (tx) => {
        const used = await tx.refreshToken.updateMany({
          where: { id: usedId, usedAt: null, revokedAt: null },
          data: { usedAt: new Date() },
        })
        if (used.count !== 1) return false
        await tx.refreshToken.create({
          data: {
            userId: next.userId,
            familyId: next.familyId,
            tokenHash: next.hash,
            expiresAt: next.expiresAt,
          },
        })
        return true
      }),

    async revokeFamily(familyId: string): Promise<void> {
      await db.refreshToken.updateMany({
        where: { familyId, revokedAt: null },
        data: { revokedAt: new Date() },
      })
    },

    async revokeAll(userId: string): Promise<void> {
      await db.refreshToken.updateMany({
        where: { userId, revokedAt: null },
        data: { revokedAt: new Date() },
      })
    },

    findReset: (hash: string) => db.passwordReset.findUnique({ where: { tokenHash: hash } }),

    /** Stores a reset link and enqueues the e-mail's event, together. */
    addReset: (reset: { userId: string; hash: string; expiresAt: Date }, events: EventEnvelope[]) =>
      db.$transaction(async (tx) => {
        await tx.passwordReset.create({
          data: { userId: reset.userId, tokenHash: reset.hash, expiresAt: reset.expiresAt },
        })
        await enqueueEvents(tx, ...events)
      }),

    /**
     * Uses a reset link up and sets the new password hash, ending every session: all or nothing. Answers
     * the account's id, or undefined when the link is unknown, used or expired.
     */
    useReset: (hash: string, passwordHash: string, now = new Date()) =>
      db.$transaction(async (tx) => {
        const reset = await tx.passwordReset.findUnique({ where: { tokenHash: hash } })
        if (!reset || reset.usedAt || reset.expiresAt <= now) return undefined
        const used = await tx.passwordReset.updateMany({
          where: { id: reset.id, usedAt: null },
          data: { usedAt: now },
        })
        if (used.count !== 1) return undefined
        await tx.user.update({ where: { id: reset.userId }, data: { passwordHash } })
        await tx.refreshToken.updateMany({
          where: { userId: reset.userId, revokedAt: null },
          data: { revokedAt: now },
        })
        return reset.userId
      }),

    /** A changed password ends every session of the account, in the same transaction. */
    setPassword: (userId: string, passwordHash: string) =>
      db.$transaction(async (tx) => {
        await tx.user.update({ where: { id: userId }, data: { passwordHash } })
        await tx.refreshToken.updateMany({
          where: { userId, revokedAt: null },
          data: { revokedAt: new Date() },
        })
      }),
  }
}
export type SessionRepository = ReturnType<typeof sessionRepository>
