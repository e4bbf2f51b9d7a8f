import type { TxOf } from '@medstore/service-kit'
import type { PrismaClient } from '../generated/prisma/client'

/** A transaction client; repositories take it so one use case can span several of them. */
export type Tx = TxOf<PrismaClient>
/** Either the client or a transaction: for reads and single writes. */
export type Db = PrismaClient | Tx
