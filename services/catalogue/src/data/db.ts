import type { PrismaClient } from '../generated/prisma/client'

export type Db = PrismaClient
/** A Prisma interactive-transaction client. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]
/** Either: reads work the same inside and outside a transaction. */
export type Queryable = Db | Tx

/** Prisma's error for a unique constraint violation. */
export const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === 'P2002'
/** Prisma's error for a foreign key violation. */
export const isForeignKeyViolation = (err: unknown) => (err as { code?: string })?.code === 'P2003'
