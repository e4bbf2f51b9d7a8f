import type { TxOf } from '@medstore/service-kit'
import type { PrismaClient } from '../generated/prisma/client'

export type Db = PrismaClient
export type Tx = TxOf<PrismaClient>
