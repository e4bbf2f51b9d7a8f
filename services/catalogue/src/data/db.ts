import type { RawSql } from '@medstore/service-kit'

// The catalogue reads and writes in plain SQL on its pg pool: `sqlOver(pool)` for a statement,
// `sqlTransaction(pool, …)` for a transaction. Prisma's client is only the schema's, the migrations' and
// the tests': once a first query loads its query compiler (a wasm module, its runtime and what compiling
// them leaves in malloc) it held ~30 MB of the catalogue's resident memory for good (bench/memory.bench.ts).

/** A statement runner: the pool (each statement its own transaction) or a transaction. */
export type Queryable = RawSql
/** A transaction from sqlTransaction: row locks taken in it hold until it ends. */
export type Tx = RawSql

/** PostgreSQL's unique_violation. */
export const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505'
/** PostgreSQL's foreign_key_violation. */
export const isForeignKeyViolation = (err: unknown) => (err as { code?: string })?.code === '23503'
