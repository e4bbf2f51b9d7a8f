import type { PrismaClient } from '../generated/prisma/client'

/** A transaction client; repositories take it so one use case can span several of them. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]
export type Db = PrismaClient | Tx
