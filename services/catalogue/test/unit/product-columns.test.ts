import { describe, expect, it } from 'vitest'
import { COLUMNS, storedFieldsOf } from '../../src/data/products'

describe('the product column map', () => {
  it('reads every stored field under its own name, and the category by name', () => {
    expect(COLUMNS).toBe(
      'p.id::text AS id, c.name AS category, p.name AS "name", p.price_paise AS "pricePaise", ' +
        'p.description AS "description", p.image_id AS "imageId", p.stock AS "stock", ' +
        'p.requires_prescription AS "requiresPrescription"',
    )
  })

  it('stores the fields a form sends under their own names, and nothing else', () => {
    const form = { name: 'Neem', category: 'Ayurveda', price: 10, description: 'd', stock: 3, image: 'x' }
    expect(storedFieldsOf(form)).toEqual({ name: 'Neem', description: 'd', stock: 3 })
    expect(storedFieldsOf({ name: 'Neem', stock: undefined })).toEqual({ name: 'Neem' })
  })
})
