/**
 * Money crosses the API as rupee numbers (at most 2 decimals) and is stored as integer paise, so sums
 * never drift. These are the only two conversions.
 */
export const toPaise = (rupees: number): number => Math.round(rupees * 100)
export const toRupees = (paise: number): number => paise / 100

/**
 * A whole number with Indian digit grouping (1,00,000), as `toLocaleString('en-IN')` writes it. Written
 * out because the messages that use it are built when this package loads, and asking ICU for the en-IN
 * locale there kept ~4.9 MB of its data resident in every service (bench:memory).
 */
export function indianDigits(whole: number): string {
  const digits = String(Math.trunc(Math.abs(whole)))
  const last3 = digits.slice(-3)
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')
  return `${whole < 0 ? '-' : ''}${rest ? `${rest},` : ''}${last3}`
}

/** Rupees as a sentence writes them, `₹1,299.50` (2 decimals, Indian grouping, no ICU: see indianDigits). */
export function rupeeText(rupees: number): string {
  const paise = Math.round(Math.abs(rupees) * 100)
  const text = `₹${indianDigits(Math.trunc(paise / 100))}.${String(paise % 100).padStart(2, '0')}`
  return rupees < 0 && paise > 0 ? `-${text}` : text
}

/**
 * A price typed into a filter as the screen shows it ('₹1,299.50', '199.00', 'Rs. 199') → the rupee text
 * order totals are compared with ('1299.5', '199'): the currency sign, grouping commas and spaces go, and
 * so do zeros closing the decimals, since a total is written without them (199, 1299.5). Anything else
 * is left for the filter's validation to refuse.
 */
export function priceFilterText(typed: string): string {
  const bare = typed.replace(/^\s*(₹|rs\.?|inr)/i, '').replace(/[,\s]/g, '')
  return bare.includes('.') ? bare.replace(/0+$/, '').replace(/\.$/, '') : bare
}

/** What a price filter may hold once read by priceFilterText, and why other text cannot be used. */
export const PRICE_FILTER_PATTERN = /^[\d.]{1,12}$/
export const PRICE_FILTER_INVALID = 'Price may hold only digits, a dot, commas and ₹'
