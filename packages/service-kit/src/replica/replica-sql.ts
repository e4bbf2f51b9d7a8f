/** A column's value: a Date for a timestamp column, null for SQL NULL. */
export type Value = string | number | boolean | Date | null

export type ReplicaTable = {
  name: string
  /**
   * The column holding the occurredAt of the newest event applied to the row: an older event is ignored.
   * Without one every event rewrites the row (for records whose events never change them, such as a
   * registration: a repeat is the same event again).
   */
  eventTimeColumn?: string
  /** Whether the table has a `deleted` column (deletions kept as tombstones). */
  tombstones: boolean
}

/** A statement and the values it binds, in order. */
export type Statement = { sql: string; values: Value[] }

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/

// Table and column names come from the service's code, never from an event, but they are spliced into
// SQL, so anything but a plain lower-case identifier is refused outright.
export function identifiers(...names: string[]): void {
  const bad = names.filter((name) => !IDENTIFIER.test(name))
  if (bad.length) throw new Error(`not a plain SQL identifier: ${bad.join(', ')}`)
}

/** One row to write: the record's id, its columns and the occurredAt of the event it comes from. */
export type ReplicaRow = { id: string; columns: Record<string, Value>; occurredAt: Date }

/** How an update treats the columns it writes. */
type Assignments = {
  /** Columns the update sets from the event. */
  set: readonly string[]
  /** Columns the update leaves as they are once set (not null), filling them otherwise. */
  keep?: readonly string[]
}

/**
 * Inserts rows, or updates each unless it already holds a newer event: `WHERE <time> <= EXCLUDED.<time>`
 * (an equal time is the same event again and rewrites the same values). The rows have distinct ids (one
 * statement cannot update a row twice) and the columns of the first.
 */
function write(table: ReplicaTable, rows: readonly ReplicaRow[], update: Assignments): Statement {
  const { name, eventTimeColumn: at } = table
  const columns = [...Object.keys(rows[0]?.columns ?? {}), ...(at ? [at] : [])]
  identifiers(name, ...columns, ...update.set, ...(update.keep ?? []))
  const values: Value[] = []
  const tuples = rows.map((row) => {
    const first = values.length + 1
    values.push(row.id, ...columns.map((column) => (column === at ? row.occurredAt : row.columns[column]!)))
    return `(${Array.from({ length: columns.length + 1 }, (_, i) => `$${first + i}`).join(', ')})`
  })
  const sets = [
    ...update.set.map((column) => `${column} = EXCLUDED.${column}`),
    ...(update.keep ?? []).map((column) => `${column} = COALESCE(${name}.${column}, EXCLUDED.${column})`),
    ...(at ? [`${at} = EXCLUDED.${at}`] : []),
  ].join(', ')
  const newer = at ? ` WHERE ${name}.${at} <= EXCLUDED.${at}` : ''
  return {
    sql: `INSERT INTO ${name} (id, ${columns.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT (id) DO UPDATE SET ${sets}${newer}`,
    values,
  }
}

export type UpsertOptions = {
  /**
   * The other columns of a row first heard of by this event, which an update leaves alone: for an event
   * that carries part of a record (a product's stock) beside the one that carries the rest.
   */
  firstRow?: Record<string, Value>
  /** Columns an update keeps once set (see Assignments.keep). */
  keep?: readonly string[]
}

/** An upsert event: the row takes the event's columns (and, without `firstRow`, is no longer deleted). */
export function upsertSql(
  table: ReplicaTable,
  id: string,
  columns: Record<string, Value>,
  occurredAt: Date,
  options: UpsertOptions = {},
): Statement {
  return upsertManySql(table, [{ id, columns, occurredAt }], options)
}

/** Many upsert events in one statement; each id once (see newestPerId). */
export function upsertManySql(
  table: ReplicaTable,
  rows: readonly ReplicaRow[],
  options: UpsertOptions = {},
): Statement {
  const { firstRow, keep = [] } = options
  const whole = table.tombstones && !firstRow
  const written = rows.map((row) => ({
    ...row,
    columns: { ...firstRow, ...row.columns, ...(whole ? { deleted: false } : {}) },
  }))
  const set = Object.keys({ ...rows[0]?.columns, ...(whole ? { deleted: false } : {}) }).filter(
    (column) => !keep.includes(column),
  )
  return write(table, written, { set, keep })
}

/**
 * The row of the newest event of each id (on a tie the later one, as applying them in turn would leave):
 * what a batch of upserts comes down to, since the replica keeps only the newest event of a record.
 */
export function newestPerId(rows: readonly ReplicaRow[]): ReplicaRow[] {
  const newest = new Map<string, ReplicaRow>()
  for (const row of rows) {
    const kept = newest.get(row.id)
    if (!kept || kept.occurredAt.getTime() <= row.occurredAt.getTime()) newest.set(row.id, row)
  }
  return [...newest.values()]
}

/** A deletion: a tombstone row, or the row marked deleted with the `reset` columns cleared. */
export function deleteSql(
  table: ReplicaTable,
  id: string,
  tombstone: Record<string, Value>,
  reset: readonly string[],
  occurredAt: Date,
): Statement {
  return write(table, [{ id, columns: { ...tombstone, deleted: true }, occurredAt }], {
    set: ['deleted', ...reset],
  })
}
