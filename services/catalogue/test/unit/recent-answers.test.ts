import { describe, expect, it } from 'vitest'
import { RecentAnswers } from '../../src/search/recent-answers'

describe('recent answers', () => {
  it('computes an answer once, then remembers it', () => {
    const recent = new RecentAnswers<number>(4)
    let computed = 0
    const square = (n: number) =>
      recent.answer(String(n), () => {
        computed++
        return n * n
      })
    expect([square(3), square(3), square(4)]).toEqual([9, 9, 16])
    expect(computed).toBe(2)
  })

  it('drops the least recently asked when full, and forgets everything when cleared', () => {
    const recent = new RecentAnswers<string>(2)
    const asked: string[] = []
    const ask = (q: string) =>
      recent.answer(q, () => {
        asked.push(q)
        return q.toUpperCase()
      })
    ask('a')
    ask('b')
    ask('a') // 'a' is now more recent than 'b'
    ask('c') // so 'b' goes
    ask('a')
    ask('b')
    expect(asked).toEqual(['a', 'b', 'c', 'b'])
    expect(recent.size).toBe(2)
    recent.clear()
    ask('a')
    expect(asked.at(-1)).toBe('a')
    expect(recent.size).toBe(1)
  })
})
