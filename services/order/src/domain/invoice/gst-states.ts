/**
 * GST state codes (the first two digits of a GSTIN), to print the place of supply and to tell an intra-state
 * supply (CGST + SGST) from an inter-state one (IGST). The shipping address's state is free text, so names
 * are compared loosely (case, spaces, '&' for 'and', and the common older names).
 */
const STATE_CODES: Record<string, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
}

const ALIASES: Record<string, string> = {
  orissa: 'Odisha',
  pondicherry: 'Puducherry',
  uttaranchal: 'Uttarakhand',
  newdelhi: 'Delhi',
  nctofdelhi: 'Delhi',
  nationalcapitalterritoryofdelhi: 'Delhi',
  andamanandnicobar: 'Andaman and Nicobar Islands',
  damananddiu: 'Dadra and Nagar Haveli and Daman and Diu',
  dadraandnagarhaveli: 'Dadra and Nagar Haveli and Daman and Diu',
}

const squash = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '')

const BY_KEY = new Map<string, { name: string; code: string }>(
  Object.entries(STATE_CODES).map(([name, code]) => [squash(name), { name, code }]),
)
for (const [alias, name] of Object.entries(ALIASES))
  BY_KEY.set(alias, { name, code: STATE_CODES[name] as string })

/** The state a free-text name means, with its GST code; undefined when it is not a state or union territory. */
export const gstState = (name: string): { name: string; code: string } | undefined => BY_KEY.get(squash(name))

/** The state a GSTIN is registered in (its first two digits). */
export function stateOfGstin(gstin: string): { name: string; code: string } | undefined {
  const code = gstin.slice(0, 2)
  const name = Object.keys(STATE_CODES).find((n) => STATE_CODES[n] === code)
  return name ? { name, code } : undefined
}

/** GSTIN shape: 2-digit state code, 10-character PAN, entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** The GSTIN's check character (the GST network's base-36 scheme over the first 14 characters). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i] as string) * (i % 2 ? 2 : 1)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return BASE36[(36 - (sum % 36)) % 36] as string
}

/** A well-formed GSTIN of a known state whose check character matches. */
export const isValidGstin = (gstin: string): boolean =>
  GSTIN_PATTERN.test(gstin) &&
  stateOfGstin(gstin) !== undefined &&
  gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14]

/**
 * Intra-state when goods are shipped to the seller's own state (CGST + SGST), otherwise inter-state (IGST).
 * A shipping state that names no state is treated as inter-state: IGST is the tax that does not assume
 * the supply stayed in the seller's state.
 */
export function isIntraState(sellerStateCode: string, shippingState: string): boolean {
  return gstState(shippingState)?.code === sellerStateCode
}
