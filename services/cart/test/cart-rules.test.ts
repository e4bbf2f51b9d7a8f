import { describe, expect, it } from 'vitest'
import type { ReplicaProduct } from '../src/domain/cart-rules'
import { lineAvailability, lineLimit, refuseLine as refuse } from '../src/domain/cart-rules'

/** The refusal's kind, code and message (its class decides the status, in the kit). */
const refuseLine = (p: ReplicaProduct | undefined, wanted: number) => {
  const refusal = refuse(p, wanted)
  return refusal && { kind: refusal.kind, code: refusal.code, message: refusal.message }
}

const product: ReplicaProduct = {
  id: 'p1',
  name: 'Ashwagandha',
  pricePaise: 24_900,
  image: '/i.jpg',
  stock: 5,
  schedule: 'OTC',
  deleted: false,
}

describe('cart line rules', () => {
  it('refuses a Schedule X medicine whatever its stock, coded not_sold_online, and marks a line of one unavailable', () => {
    const x = { ...product, name: 'Methylphenidate 10 mg', schedule: 'X' as const }
    expect(refuseLine(x, 1)).toEqual({
      kind: 'unprocessable',
      code: 'not_sold_online',
      message: 'This medicine is not sold online',
    })
    expect(lineAvailability(x, 1)).toEqual({ available: false, unavailableReason: 'Not sold online' })
    expect(refuseLine({ ...product, schedule: 'H' }, 1)).toBeUndefined()
  })

  it('accepts a quantity within stock and the cap', () => {
    expect(refuseLine(product, 5)).toBeUndefined()
  })
  it('refuses an unknown product as not found and a deleted one naming it', () => {
    expect(refuseLine(undefined, 1)).toEqual({
      kind: 'not-found',
      code: 'not_found',
      message: 'Product not found',
    })
    expect(refuseLine({ ...product, deleted: true }, 1)).toEqual({
      kind: 'not-found',
      code: 'not_found',
      message: 'Ashwagandha is not sold any more',
    })
  })
  it('refuses a sold-out product and more than is left as a conflict coded out_of_stock', () => {
    expect(refuseLine({ ...product, stock: 0 }, 1)).toEqual({
      kind: 'conflict',
      code: 'out_of_stock',
      message: 'Ashwagandha is out of stock',
    })
    expect(refuseLine(product, 6)).toEqual({
      kind: 'conflict',
      code: 'out_of_stock',
      message: 'Only 5 of Ashwagandha left',
    })
  })
  it('refuses more than 20 of one product as invalid saying the cap', () => {
    expect(refuseLine({ ...product, stock: 100 }, 21)?.message).toBe(
      'You can have at most 20 of one product in your cart',
    )
    expect(refuseLine({ ...product, stock: 100 }, 20)).toBeUndefined()
  })
  it('marks lines unavailable with a reason instead of dropping them', () => {
    expect(lineAvailability(product, 5)).toEqual({ available: true })
    expect(lineAvailability({ ...product, stock: 0 }, 1)).toEqual({
      available: false,
      unavailableReason: 'Out of stock',
    })
    expect(lineAvailability({ ...product, deleted: true }, 1)).toEqual({
      available: false,
      unavailableReason: 'No longer sold',
    })
    expect(lineAvailability(product, 6)).toEqual({ available: false, unavailableReason: 'Only 5 left' })
  })
  it('limits a line to the cap or the stock, whichever is lower', () => {
    expect(lineLimit(product)).toBe(5)
    expect(lineLimit({ ...product, stock: 500 })).toBe(20)
  })
})
