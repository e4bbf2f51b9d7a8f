import type { TxOf } from '@medstore/service-kit'
import type { PrismaClient } from '../generated/prisma/client'

export type Db = PrismaClient
/** A transaction client; the PrismaClient itself fits too, so repositories work inside or outside one. */
export type Tx = TxOf<PrismaClient>
