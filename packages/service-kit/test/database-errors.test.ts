import { describe, expect, it } from 'vitest'
import { databaseUnreachable } from '../src/database-errors'

describe('databaseUnreachable', () => {
  it('knows a database that is down, restarting or cut off', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', 'P1001'])
      expect(databaseUnreachable(Object.assign(new Error('x'), { code }))).toBe(true)
    expect(databaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true)
  })

  it('leaves handler failures and bad data to the attempts', () => {
    for (const code of ['23505', '22P02', '42P01', undefined])
      expect(databaseUnreachable(Object.assign(new Error('x'), { code }))).toBe(false)
    expect(databaseUnreachable(new Error('handler bug'))).toBe(false)
    expect(databaseUnreachable(undefined)).toBe(false)
  })
})
