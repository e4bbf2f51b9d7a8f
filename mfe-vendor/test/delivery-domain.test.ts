import { describe, expect, it } from 'vitest'
import { addHoliday, parsePrefixes, prefixesProblem, prefixesText } from '../src/domain/delivery.ts'

describe('the Delivery panel rules', () => {
  it('reads prefixes typed with commas, spaces or new lines, sorted and once each', () => {
    expect(parsePrefixes('744, 6825\n110 110;400001')).toEqual({
      prefixes: ['110', '400001', '6825', '744'],
      invalid: [],
    })
    expect(parsePrefixes('  ')).toEqual({ prefixes: [], invalid: [] })
    expect(prefixesText(['110', '400'])).toBe('110, 400')
  })

  it('names what is not a PIN code or its first digits', () => {
    expect(parsePrefixes('11O, 012, 1234567, 560').invalid).toEqual(['11O', '012', '1234567'])
    expect(prefixesProblem('11O, 560', 200)).toBe('Not a PIN code or its first digits: 11O')
    expect(prefixesProblem('110, 400', 1)).toBe('At most 1 entries (there are 2)')
    expect(prefixesProblem('110, 400', 200)).toBeUndefined()
  })

  it('adds a holiday in date order, once per day, named', () => {
    const list = [{ date: '2026-10-02', name: 'Gandhi Jayanti' }]
    expect(addHoliday(list, { date: '2026-08-15', name: ' Independence Day ' }, 60)).toEqual({
      holidays: [
        { date: '2026-08-15', name: 'Independence Day' },
        { date: '2026-10-02', name: 'Gandhi Jayanti' },
      ],
    })
    expect(addHoliday(list, { date: '2026-10-02', name: 'Again' }, 60)).toEqual({
      problem: 'That day is already a holiday.',
    })
    expect(addHoliday(list, { date: '', name: 'Holi' }, 60)).toEqual({
      problem: 'Choose the day of the holiday.',
    })
    expect(addHoliday(list, { date: '2026-03-04', name: ' ' }, 60)).toEqual({ problem: 'Name the holiday.' })
    expect(addHoliday(list, { date: '2026-03-04', name: 'Holi' }, 1)).toEqual({
      problem: 'At most 1 holidays.',
    })
  })
})
