import { describe, expect, it } from 'vitest'
import { headerNameMatcher } from '../src/header-names'

const kindOf = headerNameMatcher(
  new Map([
    ['Content-Length', 'length'],
    ['x-request-id', 'id'],
    ['connection', 'left out'],
  ]),
)
const bytes = (name: string) => Buffer.from(name, 'latin1')

describe('headerNameMatcher', () => {
  it('knows a name in any case', () => {
    expect(kindOf(bytes('content-length'))).toBe('length')
    expect(kindOf(bytes('CONTENT-LENGTH'))).toBe('length')
    expect(kindOf(bytes('X-Request-Id'))).toBe('id')
    expect(kindOf(bytes('Connection'))).toBe('left out')
  })

  it('knows no other name, of the same length or not', () => {
    expect(kindOf(bytes('content-lengtx'))).toBeUndefined() // same length as content-length
    expect(kindOf(bytes('x-request-ie'))).toBeUndefined()
    expect(kindOf(bytes('content-type'))).toBeUndefined()
    expect(kindOf(bytes(''))).toBeUndefined()
    // Only ASCII letters are folded: 'Ï' (0xcf) is not 'o' (0x6f) whatever its case bit.
    expect(kindOf(bytes('connecti\xcfn'))).toBeUndefined()
  })
})
