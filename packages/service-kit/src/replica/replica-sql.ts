type Value = string | number | boolean

export type ReplicaTable = {
  name: string
  eventTimeColumn: string
  /** Whether the table has a `deleted` column (deletions kept as tombstones). */
  tombstones: boolean
}

/** A statement and the values it binds, in order. */
export type Statement = { sql: string; values: (Value | Date)[] }

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/

// Table and column names come from the service's code, never from an event, but they are spliced into
// SQL, so anything but a plain lower-case identifier is refused outright.
function identifiers(...names: string[]): void {
  const bad = names.filter((name) => !IDENTIFIER.test(name))
  if (bad.length) throw new Error(`not a plain SQL identifier: ${bad.join(', ')}`)
}

/** One row to write: the product's id, its columns and the occurredAt of the event it comes from. */
export type ReplicaRow = { id: string; columns: Record<string, Value>; occurredAt: Date }

/**
 * Inserts rows, or updates each unless it already holds a newer event: `WHERE <time> <= EXCLUDED.<time>`
 * (an equal time is the same event again and rewrites the same values). The rows have distinct ids (one
 * statement cannot update a row twice) and the columns of the first.
 */
function write(table: ReplicaTable, rows: readonly ReplicaRow[], assignments: readonly string[]): Statement {
  const columns = Object.keys(rows[0]?.columns ?? {})
  const { name, eventTimeColumn: at } = table
  identifiers(name, at, ...columns)
  const values: (Value | Date)[] = []
  const tuples = rows.map((row) => {
    const first = values.length + 1
    values.push(row.id, ...columns.map((column) => row.columns[column] as Value), row.occurredAt)
    return `(${Array.from({ length: columns.length + 2 }, (_, i) => `$${first + i}`).join(', ')})`
  })
  const sets = [...assignments, `${at} = EXCLUDED.${at}`].join(', ')
  return {
    sql: `INSERT INTO ${name} (id, ${columns.join(', ')}, ${at}) VALUES ${tuples.join(', ')} ON CONFLICT (id) DO UPDATE SET ${sets} WHERE ${name}.${at} <= EXCLUDED.${at}`,
    values,
  }
}

/** A product.upserted: the row takes the event's columns (and is no longer deleted). */
export function upsertSql(
  table: ReplicaTable,
  id: string,
  columns: Record<string, Value>,
  occurredAt: Date,
): Statement {
  return upsertManySql(table, [{ id, columns, occurredAt }])
}

/** Many product.upserted in one statement; each id once (see newestPerId). */
export function upsertManySql(table: ReplicaTable, rows: readonly ReplicaRow[]): Statement {
  const withDeleted = table.tombstones
    ? rows.map((row) => ({ ...row, columns: { ...row.columns, deleted: false } }))
    : rows
  const assignments = Object.keys(withDeleted[0]?.columns ?? {}).map(
    (column) => `${column} = EXCLUDED.${column}`,
  )
  return write(table, withDeleted, assignments)
}

/**
 * The row of the newest event of each id (on a tie the later one, as applying them in turn would leave):
 * what a batch of upserts comes down to, since the replica keeps only the newest event of a product.
 */
export function newestPerId(rows: readonly ReplicaRow[]): ReplicaRow[] {
  const newest = new Map<string, ReplicaRow>()
  for (const row of rows) {
    const kept = newest.get(row.id)
    if (!kept || kept.occurredAt.getTime() <= row.occurredAt.getTime()) newest.set(row.id, row)
  }
  return [...newest.values()]
}

/** A product.deleted: a tombstone row, or the row marked deleted with the `reset` columns cleared. */
export function deleteSql(
  table: ReplicaTable,
  id: string,
  tombstone: Record<string, Value>,
  reset: readonly string[],
  occurredAt: Date,
): Statement {
  identifiers(...reset)
  const assignments = ['deleted', ...reset].map((column) => `${column} = EXCLUDED.${column}`)
  return write(table, [{ id, columns: { ...tombstone, deleted: true }, occurredAt }], assignments)
}
