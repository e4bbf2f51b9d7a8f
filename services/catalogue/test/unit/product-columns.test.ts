import { describe, expect, it } from 'vitest'
import { COLUMNS, storedFieldsOf } from '../../src/data/products'

describe('the product column map', () => {
  it('reads every stored field under its own name, and the category by name', () => {
    expect(COLUMNS).toBe(
      'p.id::text AS id, c.name AS category, p.name AS "name", p.price_paise AS "pricePaise", ' +
        'p.description AS "description", p.image_id AS "imageId", p.stock AS "stock", ' +
        'p.schedule AS "schedule", p.composition AS "composition", p.manufacturer AS "manufacturer", ' +
        'p.pack AS "pack", p.pack_units AS "packUnits", p.mrp_paise AS "mrpPaise", ' +
        'p.key_ingredients AS "keyIngredients", p.hsn_code AS "hsnCode", p.gst_rate AS "gstRate"',
    )
  })

  it('stores the fields a form sends under their own names, and nothing else', () => {
    const form = { name: 'Neem', category: 'Ayurveda', price: 10, description: 'd', stock: 3, image: 'x' }
    expect(storedFieldsOf(form)).toEqual({ name: 'Neem', description: 'd', stock: 3 })
    expect(storedFieldsOf({ name: 'Neem', stock: undefined })).toEqual({ name: 'Neem' })
    const facts = { schedule: 'H', packUnits: 10, hsnCode: '3004', mrp: 40, requiresPrescription: true }
    expect(storedFieldsOf(facts)).toEqual({ schedule: 'H', packUnits: 10, hsnCode: '3004' })
  })
})
