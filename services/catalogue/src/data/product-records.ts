import type { RawSql } from '@medstore/service-kit'
import type { ProductRecord } from '../domain/product-view'
import { COLUMNS, FROM } from './products'

/** Every product, in no particular order, over plain SQL (the event consumer's transactions are pg, not Prisma). */
export function allProductRecords(sql: RawSql): PromiseLike<ProductRecord[]> {
  return sql.$queryRawUnsafe<ProductRecord[]>(`SELECT ${COLUMNS} ${FROM}`)
}
