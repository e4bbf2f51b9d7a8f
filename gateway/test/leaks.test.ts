import { describe, expect, it } from 'vitest'
import { leakIn } from './leaks'

describe('leakIn', () => {
  it.each([
    ['{"passwordHash":"x"}', 'a password hash field'],
    ['{"p":"$argon2id$v=19$m=65536,t=3,p=4$abc"}', 'an argon2 or bcrypt hash'],
    [
      'Error: boom\n    at handler (/app/services/order/src/http/order-router.ts:27:11)',
      'a stack trace line',
    ],
    ['    at async Promise.all (node:internal/process/task_queues:95:5)', 'a stack trace line'],
    ['{"message":"SELECT \\"id\\" FROM \\"Order\\" WHERE id = $1"}', 'SQL'],
    ['{"message":"duplicate key value violates unique constraint \\"User_email_key\\""}', 'a database error'],
    ['{"message":"PrismaClientKnownRequestError: P2002"}', 'a database error'],
  ])('finds the leak in %s', (text, leak) => {
    expect(leakIn(text)).toBe(leak)
  })

  it.each([
    '{"message":"Invalid email or password"}',
    '{"name":"Select Multivitamin","description":"Delete from your cart at any time"}',
    '{"message":"Pick up at MG Road (Bengaluru) 12:30"}',
    '<!doctype html><title>Pay for MS-000123</title>',
  ])('passes an ordinary answer: %s', (text) => {
    expect(leakIn(text)).toBeUndefined()
  })
})
