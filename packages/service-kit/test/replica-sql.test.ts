import { describe, expect, it } from 'vitest'
import { deleteSql, newestPerId, upsertManySql, upsertSql } from '../src/replica/replica-sql'

const at = new Date('2026-11-23T10:00:00.000Z')
const products = { name: 'product', eventTimeColumn: 'source_at', tombstones: true }
const names = { name: 'product_names', eventTimeColumn: 'last_event_at', tombstones: false }
const squash = (sql: string) => sql.replace(/\s+/g, ' ')

describe('replica SQL', () => {
  it('upserts a product unless the row holds a newer event, and brings a deleted one back', () => {
    const { sql, values } = upsertSql(products, 'p1', { name: 'Paracetamol', stock: 4 }, at)
    expect(squash(sql)).toBe(
      'INSERT INTO product (id, name, stock, deleted, source_at) VALUES ($1, $2, $3, $4, $5) ' +
        'ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, stock = EXCLUDED.stock, ' +
        'deleted = EXCLUDED.deleted, source_at = EXCLUDED.source_at ' +
        'WHERE product.source_at <= EXCLUDED.source_at',
    )
    expect(values).toEqual(['p1', 'Paracetamol', 4, false, at])
  })

  it('has no deleted column where the replica keeps no tombstones', () => {
    const { sql, values } = upsertSql(names, 'p1', { name: 'Paracetamol' }, at)
    expect(sql).not.toContain('deleted')
    expect(values).toEqual(['p1', 'Paracetamol', at])
  })

  it('deletes as a tombstone: a new row from the blank columns, a known one keeps all but the reset ones', () => {
    const blank = { name: '', stock: 0 }
    const { sql, values } = deleteSql(products, 'p1', blank, ['stock'], at)
    expect(squash(sql)).toBe(
      'INSERT INTO product (id, name, stock, deleted, source_at) VALUES ($1, $2, $3, $4, $5) ' +
        'ON CONFLICT (id) DO UPDATE SET deleted = EXCLUDED.deleted, stock = EXCLUDED.stock, ' +
        'source_at = EXCLUDED.source_at WHERE product.source_at <= EXCLUDED.source_at',
    )
    expect(values).toEqual(['p1', '', 0, true, at])
  })

  it('refuses a table or column name that is not a plain identifier', () => {
    expect(() => upsertSql({ ...products, name: 'product; DROP TABLE x' }, 'p1', {}, at)).toThrow(
      'not a plain SQL identifier: product; DROP TABLE x',
    )
    expect(() => upsertSql(products, 'p1', { 'name = 1 --': 'x' }, at)).toThrow('not a plain SQL identifier')
    expect(() => deleteSql(products, 'p1', {}, ['Stock'], at)).toThrow('not a plain SQL identifier: Stock')
  })
})

describe('replica SQL for a batch of upserts', () => {
  const later = new Date(at.getTime() + 1_000)

  it('writes many products in one statement, each row its own tuple', () => {
    const { sql, values } = upsertManySql(names, [
      { id: 'p1', columns: { name: 'Paracetamol' }, occurredAt: at },
      { id: 'p2', columns: { name: 'Triphala' }, occurredAt: later },
    ])
    expect(squash(sql)).toBe(
      'INSERT INTO product_names (id, name, last_event_at) VALUES ($1, $2, $3), ($4, $5, $6) ' +
        'ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, last_event_at = EXCLUDED.last_event_at ' +
        'WHERE product_names.last_event_at <= EXCLUDED.last_event_at',
    )
    expect(values).toEqual(['p1', 'Paracetamol', at, 'p2', 'Triphala', later])
  })

  it('keeps the newest event of each product, the later one on a tie, whatever the order', () => {
    const row = (id: string, name: string, occurredAt: Date) => ({ id, columns: { name }, occurredAt })
    const rows = [
      row('p1', 'new', later),
      row('p2', 'first', at),
      row('p1', 'old', at),
      row('p2', 'second', at),
    ]
    expect(newestPerId(rows).map((r) => [r.id, r.columns.name])).toEqual([
      ['p1', 'new'],
      ['p2', 'second'],
    ])
    expect(newestPerId([...rows].reverse()).find((r) => r.id === 'p1')?.columns.name).toBe('new')
  })
})
