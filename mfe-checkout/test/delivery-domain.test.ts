import { describe, expect, it } from 'vitest'
import { withPlace } from '../src/domain/delivery.ts'

describe("filling in the PIN code's city and state", () => {
  const form = { city: '', state: '', postalCode: '400001' }
  const mumbai = { city: 'Mumbai', state: 'Maharashtra' }

  it('fills empty fields', () => {
    expect(withPlace(form, mumbai)).toEqual({ ...form, ...mumbai })
  })

  it('keeps what the shopper typed, and replaces what the previous PIN code filled in', () => {
    expect(withPlace({ ...form, city: 'Bombay' }, mumbai)).toEqual({
      ...form,
      city: 'Bombay',
      state: 'Maharashtra',
    })
    const filled = withPlace(form, mumbai)
    expect(withPlace(filled, { city: 'Ernakulam', state: 'Kerala' }, mumbai)).toMatchObject({
      city: 'Ernakulam',
      state: 'Kerala',
    })
  })
})
