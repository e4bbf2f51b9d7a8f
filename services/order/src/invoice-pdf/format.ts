import { indianDigits } from '@medstore/contracts/money'
import type { InvoiceParty, InvoiceSnapshot } from '../domain/invoice/invoice'

/** Whole paise as an invoice column prints them: 1,23,456.78 (Indian grouping, two decimals). */
export function amount(paise: number): string {
  const whole = Math.abs(paise)
  const text = `${indianDigits(Math.trunc(whole / 100))}.${String(whole % 100).padStart(2, '0')}`
  return paise < 0 ? `-${text}` : text
}

/** Whole paise with the rupee sign: ₹1,23,456.78. */
export const rupees = (paise: number): string => `₹${amount(paise)}`

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000

/**
 * An instant as the calendar day in India, '05 Jun 2026'. Written out rather than asked of ICU, so the
 * invoice reads the same whatever locale data the runtime carries.
 */
export function indianDate(iso: string): string {
  const ist = new Date(new Date(iso).getTime() + IST_OFFSET_MS)
  const day = String(ist.getUTCDate()).padStart(2, '0')
  return `${day} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`
}

/** '5%', '12%'. */
export const percent = (rate: number): string => `${rate}%`

/** 'Karnataka (29)'; a state GST does not know is printed as written, without a code. */
export const stateWithCode = (state: string, code: string | null): string =>
  code ? `${state} (${code})` : state

/** What a billed or shipped-to party prints under its name. */
export function partyLines(party: InvoiceParty): string[] {
  return [...party.address, `Phone: ${party.phone}`, `State: ${stateWithCode(party.state, party.stateCode)}`]
}

export const paymentText = (paymentType: InvoiceSnapshot['order']['paymentType']): string =>
  paymentType === 'cash' ? 'Cash on delivery' : 'Paid online'

/**
 * Devanagari (and its extensions): such text is drawn as shaped glyphs whose order differs from the
 * characters' (a vowel sign before its consonant), so the PDF also carries the text itself for copying
 * and search.
 */
export const hasDevanagari = (text: string): boolean => /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF]/.test(text)
