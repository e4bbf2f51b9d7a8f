import { productForm } from '@medstore/contracts/catalogue'
import { describe, expect, it } from 'vitest'
import { storedFactsOf } from '../../src/domain/medicine-facts'

const form = (over: Record<string, unknown> = {}) =>
  productForm.parse({ name: 'Dolo', category: 'Pain', price: '30', description: 'Strip', ...over })

describe('the facts a product form implies', () => {
  it('takes the price as a new product’s MRP, and keeps a stored MRP the new price stays under', () => {
    expect(storedFactsOf(form())).toEqual({ mrpPaise: 3000 })
    expect(storedFactsOf(form({ mrp: '34.5' }))).toEqual({ mrpPaise: 3450 })
    expect(storedFactsOf(form(), { mrpPaise: 4000 }).mrpPaise).toBe(4000)
    expect(storedFactsOf(form({ price: '45' }), { mrpPaise: 4000 }).mrpPaise).toBe(4500)
  })

  it('reads an older client’s requiresPrescription as schedule H, the schedule winning when both are sent', () => {
    expect(storedFactsOf(form({ requiresPrescription: 'true' })).schedule).toBe('H')
    expect(storedFactsOf(form({ requiresPrescription: 'false' })).schedule).toBe('OTC')
    expect(storedFactsOf(form({ requiresPrescription: 'true', schedule: 'h1' })).schedule).toBe('H1')
    expect(storedFactsOf(form()).schedule).toBeUndefined()
  })

  it('keys the composition so substitutes are found by it', () => {
    expect(
      storedFactsOf(form({ composition: 'Paracetamol 325 mg + Aceclofenac 100mg' })).compositionKey,
    ).toBe('aceclofenac|100 mg+paracetamol|325 mg')
    expect(storedFactsOf(form({ composition: '' })).compositionKey).toBe('')
  })
})
