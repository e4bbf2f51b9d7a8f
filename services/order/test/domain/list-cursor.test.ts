import { ORDER_CURSOR_PATTERN } from '@medstore/contracts/order'
import { describe, expect, it } from 'vitest'
import { cursorText, parseCursor } from '../../src/domain/list-cursor'

describe('list cursors', () => {
  it('name an order by its time to the millisecond and its sequence number, and read back the same', () => {
    const order = { createdAt: new Date('2026-12-07T02:15:30.123Z'), seq: 48211 }
    const text = cursorText(order)
    expect(text).toBe(`${order.createdAt.getTime()}.48211`)
    expect(ORDER_CURSOR_PATTERN.test(text)).toBe(true)
    expect(parseCursor(text)).toEqual({ at: order.createdAt, seq: 48211 })
  })

  it('the contract refuses what no answer gives', () => {
    for (const text of ['', '12', '12.', '.5', '1.2.3', 'abc.1', '-1.2', '1e9.2'])
      expect(ORDER_CURSOR_PATTERN.test(text), text).toBe(false)
  })
})
