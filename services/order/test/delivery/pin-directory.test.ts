import { describe, expect, it } from 'vitest'
import { pinDirectory } from '../../src/delivery/pin-directory'
import { PIN_CODE_COUNT } from '../../src/delivery/pin-directory-data'

describe("India Post's PIN directory", () => {
  const directory = pinDirectory()

  it('holds every PIN code of the source, about 19,000', () => {
    expect(directory.size).toBe(PIN_CODE_COUNT)
    expect(directory.size).toBeGreaterThan(19_000)
  })

  it.each([
    ['110001', 'Delhi'],
    ['400001', 'Maharashtra'],
    ['560001', 'Karnataka'],
    ['600001', 'Tamil Nadu'],
    ['700001', 'West Bengal'],
    ['500001', 'Telangana'],
    ['682001', 'Kerala'],
    ['781001', 'Assam'],
    ['190001', 'Jammu & Kashmir'],
    ['744101', 'Andaman & Nicobar Islands'],
    ['194101', 'Ladakh'],
    ['396210', 'Dadra & Nagar Haveli and Daman & Diu'],
  ])('knows %s in %s', (pincode, state) => {
    expect(directory.find(pincode)).toMatchObject({ pincode, state })
  })

  it('names the district as the city', () => {
    expect(directory.find('400001')).toEqual({ pincode: '400001', city: 'Mumbai', state: 'Maharashtra' })
    expect(directory.find('682001')?.city).toBe('Ernakulam')
  })

  it('knows the first and the last code of the list', () => {
    expect(directory.find('110001')).toBeDefined()
    expect(directory.find('855117')).toBeDefined()
  })

  it('does not know codes India Post does not list, nor malformed ones', () => {
    for (const code of ['999999', '100000', '110000', '012345', '11000', 'abcdef', ''])
      expect(directory.find(code)).toBeUndefined()
  })
})
