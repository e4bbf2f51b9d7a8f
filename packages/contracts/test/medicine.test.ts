import { describe, expect, it } from 'vitest'
import { productForm } from '../src/catalogue'
import {
  compositionField,
  gstRateField,
  hsnCodeField,
  keyIngredientsField,
  medicineSchedule,
} from '../src/fields'
import {
  compositionKey,
  compositionText,
  needsPrescription,
  normaliseStrength,
  parseIngredient,
  savingPercent,
  soldOnline,
} from '../src/medicine'

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('strengths', () => {
  it.each([
    ['500mg', '500 mg'],
    ['500 MG', '500 mg'],
    ['0.25 mg', '0.25 mg'],
    ['500.0 mg', '500 mg'],
    ['60000 iu', '60000 IU'],
    ['1 %W/W', '1% w/w'],
    ['1.16% w/w', '1.16% w/w'],
    ['10 mg/5ml', '10 mg/5 ml'],
    ['5 Billion CFU', '5 billion CFU'],
  ])('writes %j as %j', (typed, printed) => {
    expect(normaliseStrength(typed)).toBe(printed)
  })

  it.each(['500', 'mg', '500 bananas', '0 mg', '-5 mg', ''])('refuses %j', (typed) => {
    expect(normaliseStrength(typed)).toBeUndefined()
  })
})

describe('a salt and its strength', () => {
  it('takes the last number with a unit as the strength, so a name may hold digits', () => {
    expect(parseIngredient('Vitamin D3  60000 IU')).toEqual({ salt: 'Vitamin D3', strength: '60000 IU' })
    expect(parseIngredient('Mefenamic Acid 250mg')).toEqual({ salt: 'Mefenamic Acid', strength: '250 mg' })
  })

  it('says what is missing', () => {
    expect(parseIngredient('Paracetamol')).toHaveProperty('problem', expect.stringMatching(/'500 mg'/))
    expect(parseIngredient('Paracetamol 500 mg Caffeine 30 mg')).toHaveProperty(
      'problem',
      expect.stringMatching(/joined by \+/),
    )
  })
})

describe('matching compositions', () => {
  const key = (text: string) => compositionKey(compositionField.parse(text))

  it('matches the same salts and strengths in another order, case or spacing', () => {
    expect(key('Aceclofenac 100 mg + Paracetamol 325 mg')).toBe(key('paracetamol 325mg+ACECLOFENAC  100 mg'))
  })

  it('does not match another strength, an extra salt or a missing one', () => {
    const base = key('Aceclofenac 100 mg + Paracetamol 325 mg')
    expect(key('Aceclofenac 100 mg + Paracetamol 500 mg')).not.toBe(base)
    expect(key('Aceclofenac 100 mg + Paracetamol 325 mg + Serratiopeptidase 15 mg')).not.toBe(base)
    expect(key('Aceclofenac 100 mg')).not.toBe(base)
    expect(key('Paracetamol 325 mg')).not.toBe(key('Paracetamol 325 mg/5 ml'))
  })

  it('gives a product without a composition no key (it has no substitutes)', () => {
    expect(key('')).toBe('')
  })

  it('writes a composition back as it is typed', () => {
    expect(compositionText(compositionField.parse('aceclofenac 100mg + Paracetamol 325 MG'))).toBe(
      'aceclofenac 100 mg + Paracetamol 325 mg',
    )
  })
})

describe('the product form facts', () => {
  const form = { name: 'Aceclo-Plus', category: 'Pain', price: '118', description: 'Strip' }

  it('reads a composition as text or as a list', () => {
    expect(compositionField.parse([{ salt: ' Aceclofenac ', strength: '100mg' }])).toEqual([
      { salt: 'Aceclofenac', strength: '100 mg' },
    ])
    expect(message(compositionField.safeParse('Paracetamol 500 mg + PARACETAMOL 650 mg'))).toBe(
      'PARACETAMOL appears twice in the composition',
    )
    expect(message(compositionField.safeParse(42))).toMatch(/Composition must be text/)
  })

  it('reads the schedule in any case and refuses another', () => {
    expect(medicineSchedule.parse(' h1 ')).toBe('H1')
    expect(message(medicineSchedule.safeParse('G'))).toBe('Schedule must be one of OTC, H, H1, X')
    expect(needsPrescription('H1') && needsPrescription('H') && !needsPrescription('X')).toBe(true)
    expect(soldOnline('X')).toBe(false)
  })

  it('checks HSN codes, GST slabs and key ingredients', () => {
    expect(hsnCodeField.parse('30049099')).toBe('30049099')
    expect(message(hsnCodeField.safeParse('30A4'))).toMatch(/4, 6 or 8 digits/)
    expect(gstRateField.parse('12%')).toBe(12)
    expect(message(gstRateField.safeParse('28'))).toBe('GST rate must be 0, 5, 12 or 18 (percent)')
    expect(keyIngredientsField.parse(' Amalaki, Bibhitaki ,, Haritaki ')).toEqual([
      'Amalaki',
      'Bibhitaki',
      'Haritaki',
    ])
    expect(message(keyIngredientsField.safeParse(['x'.repeat(61)]))).toMatch(/at most 60/)
  })

  it('refuses an MRP below the price, on the mrp field', () => {
    const result = productForm.safeParse({ ...form, mrp: '110' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({
      path: ['mrp'],
      message: expect.stringMatching(/MRP must be at least/),
    })
    expect(productForm.parse({ ...form, mrp: '118' }).mrp).toBe(118)
    expect(productForm.parse(form).mrp).toBeUndefined()
  })
})

describe('saving', () => {
  it('is the whole percent less, never rounded up', () => {
    expect(savingPercent(62, 100)).toBe(38)
    expect(savingPercent(2.06, 3.25)).toBe(36)
    expect(savingPercent(100, 100)).toBe(0)
    expect(savingPercent(120, 100)).toBe(0)
  })
})
