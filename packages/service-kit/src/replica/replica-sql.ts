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

/**
 * Inserts a row, or updates it unless it already holds a newer event: `WHERE <time> <= EXCLUDED.<time>`
 * (an equal time is the same event again and rewrites the same values).
 */
function write(
  table: ReplicaTable,
  id: string,
  row: Record<string, Value>,
  assignments: readonly string[],
  occurredAt: Date,
): Statement {
  const columns = Object.keys(row)
  const { name, eventTimeColumn: at } = table
  identifiers(name, at, ...columns)
  const values = [id, ...columns.map((column) => row[column] as Value), occurredAt]
  const placeholders = values.map((_, i) => `$${i + 1}`).join(', ')
  const sets = [...assignments, `${at} = EXCLUDED.${at}`].join(', ')
  return {
    sql: `INSERT INTO ${name} (id, ${columns.join(', ')}, ${at}) VALUES (${placeholders}) ON CONFLICT (id) DO UPDATE SET ${sets} WHERE ${name}.${at} <= EXCLUDED.${at}`,
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
  const row = table.tombstones ? { ...columns, deleted: false } : columns
  const assignments = Object.keys(row).map((column) => `${column} = EXCLUDED.${column}`)
  return write(table, id, row, assignments, occurredAt)
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
  return write(table, id, { ...tombstone, deleted: true }, assignments, occurredAt)
}
