import type { TxOf } from '@medstore/service-kit'
import type { PrismaClient } from '../generated/prisma/client'

export type Db = PrismaClient
/** A Prisma interactive-transaction client. */
export type Tx = TxOf<PrismaClient>
/** Either: reads work the same inside and outside a transaction. */
export type Queryable = Db | Tx

/** Prisma's error for a unique constraint violation. */
export const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === 'P2002'
/** Prisma's error for a foreign key violation. */
export const isForeignKeyViolation = (err: unknown) => (err as { code?: string })?.code === 'P2003'
