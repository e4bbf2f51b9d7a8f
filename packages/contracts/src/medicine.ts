/**
 * What a medicine is made of and how it may be sold, as plain rules shared by the catalogue (storage,
 * substitutes), the back office (the product form) and the storefront (the product page). The zod field
 * rules built on them are in fields.ts.
 */

import { DRUG_SCHEDULES, type DrugSchedule, needsPrescription } from './schedule'

/** The schedules (schedule.ts has the one definition): OTC, H and H1 on a prescription, X never online. */
export const SCHEDULES = DRUG_SCHEDULES
export type Schedule = DrugSchedule
export { needsPrescription }

/** Schedule X is never sold online. */
export const soldOnline = (schedule: Schedule): boolean => schedule !== 'X'

/** GST slabs a medicine or wellness product can carry, in percent. */
export const GST_RATES = [0, 5, 12, 18] as const
export type GstRate = (typeof GST_RATES)[number]

/** One active ingredient and how much of it one unit holds: { salt: 'Paracetamol', strength: '500 mg' }. */
export type Ingredient = { salt: string; strength: string }
export type Composition = Ingredient[]

/** The units a strength may be written in, as we print them (the key is how it is matched). */
const UNITS = [
  'mg',
  'mcg',
  'g',
  'kg',
  'ml',
  'l',
  'IU',
  'lakh IU',
  'billion CFU',
  'million spores',
  '%',
  '% w/w',
  '% w/v',
  '% v/v',
  'mg/ml',
  'mg/5 ml',
  'mcg/ml',
  'IU/ml',
  'mg/g',
]
const UNIT_BY_KEY = new Map(UNITS.map((unit) => [unitKey(unit), unit]))

function unitKey(unit: string): string {
  return unit.toLowerCase().replace(/\s+/g, '').replace('µg', 'mcg')
}

export const STRENGTH_EXAMPLE = "a number and a unit, like '500 mg', '0.1% w/w' or '60000 IU'"

/** A strength in its printed form ('500mg' → '500 mg', '1 %W/W' → '1% w/w'), or undefined when it is not one. */
export function normaliseStrength(text: string): string | undefined {
  const match = /^(\d{1,7}(?:\.\d{1,4})?)\s*(\S.*)$/.exec(text.trim())
  if (!match) return undefined
  const amount = Number(match[1])
  const unit = UNIT_BY_KEY.get(unitKey(match[2]!))
  if (!unit || !(amount > 0)) return undefined
  return unit.startsWith('%') ? `${amount}${unit}` : `${amount} ${unit}`
}

/** A salt's name as we print it: trimmed, inner spaces single. */
export const tidySalt = (salt: string): string => salt.trim().replace(/\s+/g, ' ')

/** A salt's name as it is matched: case, spacing and punctuation do not tell two salts apart. */
export const saltKey = (salt: string): string =>
  tidySalt(salt)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/**
 * The key two products share exactly when they have the same salts at the same strengths, whatever the
 * order or spelling of case and spacing: 'aceclofenac|100 mg+paracetamol|325 mg'. Empty for a product
 * without a composition (it has no substitutes).
 */
export function compositionKey(composition: Composition): string {
  return composition
    .map(
      ({ salt, strength }) => `${saltKey(salt)}|${(normaliseStrength(strength) ?? strength).toLowerCase()}`,
    )
    .sort()
    .join('+')
}

/** 'Aceclofenac 100 mg + Paracetamol 325 mg': how a composition is written and typed. */
export const compositionText = (composition: Composition): string =>
  composition.map(({ salt, strength }) => `${salt} ${strength}`).join(' + ')

/** A salt and its strength, or why the text is not one ('Paracetamol 500 mg'). */
export function parseIngredient(text: string): Ingredient | { problem: string } {
  const part = text.trim().replace(/\s+/g, ' ')
  // The strength is the last number with the unit after it: a salt's name may hold digits (Vitamin D3).
  const match = /^(.*\S)\s+(\d[\d.]*\s*\S.*)$/.exec(part)
  const strength = match ? normaliseStrength(match[2]!) : undefined
  if (!match || !strength)
    return { problem: `'${part}' needs a salt and its strength, ${STRENGTH_EXAMPLE} after the salt's name` }
  const salt = tidySalt(match[1]!)
  if (/\d\s*(mg|mcg|ml|g|iu)\b/i.test(salt))
    return { problem: `'${part}' holds more than one strength: write each salt with its own, joined by +` }
  if (salt.length > 80) return { problem: `A salt's name must be at most 80 characters` }
  return { salt, strength }
}

/** How much less than `than` a price is, in whole percent ('Save 38%'); 0 when it is not less. */
export function savingPercent(price: number, than: number): number {
  return than > 0 && price < than ? Math.floor(((than - price) / than) * 100) : 0
}
