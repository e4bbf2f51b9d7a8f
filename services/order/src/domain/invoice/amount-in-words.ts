/**
 * An amount in words in Indian numbering (thousand, lakh, crore), as Indian invoices print it:
 * 123450 paise → 'One Thousand Two Hundred Thirty-Four Rupees and Fifty Paise'.
 */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
]
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety']

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] as string
  const tens = TENS[Math.floor(n / 10)] as string
  return n % 10 ? `${tens}-${ONES[n % 10]}` : tens
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const parts = hundreds ? [`${ONES[hundreds]} Hundred`] : []
  if (rest) parts.push(belowHundred(rest))
  return parts.join(' ')
}

/**
 * A whole number ≥ 0 in Indian words: crore (10^7), lakh (10^5), thousand, hundred. Above 99 crore the
 * crores are themselves counted in Indian words ('One Lakh Crore'), as the Indian system does.
 */
export function indianNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`expected a whole number ≥ 0, got ${n}`)
  if (n === 0) return 'Zero'
  const crore = Math.floor(n / 10_000_000)
  const lakh = Math.floor((n % 10_000_000) / 100_000)
  const thousand = Math.floor((n % 100_000) / 1_000)
  const rest = n % 1_000
  const parts: string[] = []
  if (crore) parts.push(`${indianNumberInWords(crore)} Crore`)
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`)
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`)
  if (rest) parts.push(belowThousand(rest))
  return parts.join(' ')
}

/** Paise → 'Twelve Rupees and Fifty Paise', 'One Rupee', 'One Paisa', 'Zero Rupees'. */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0)
    throw new RangeError(`expected whole paise ≥ 0, got ${paise}`)
  const rupees = Math.floor(paise / 100)
  const rest = paise % 100
  const rupeePart = `${indianNumberInWords(rupees)} ${rupees === 1 ? 'Rupee' : 'Rupees'}`
  if (!rest) return rupeePart
  const paisePart = `${indianNumberInWords(rest)} ${rest === 1 ? 'Paisa' : 'Paise'}`
  return rupees ? `${rupeePart} and ${paisePart}` : paisePart
}
