import type { OrderConfig } from './config'
import { stateOfGstin } from './domain/invoice/gst-states'
import type { Seller } from './domain/invoice/invoice'

/**
 * DEVELOPMENT DEFAULTS — not a real registration. Used outside production when SELLER_* are unset (the
 * config refuses production without them); an invoice issued with them says so on the PDF.
 */
export const DEVELOPMENT_SELLER = {
  name: 'Medicine Store Private Limited',
  address: '2nd Floor, 14 Hill Road; Bandra West; Mumbai 400050; Maharashtra, India',
  // Well-formed (state 27, valid check character), but issued to nobody.
  gstin: '27AABCM1234D1Z1',
  drugLicences: 'Form 20: MH-MZ4-000001 (dev); Form 21: MH-MZ4-000002 (dev)',
} as const

const list = (text: string) =>
  text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)

/** The seller invoices name: the configured one, else the development defaults (flagged). */
export function sellerOf(config: OrderConfig): Seller {
  const configured = Boolean(
    config.SELLER_NAME && config.SELLER_ADDRESS && config.SELLER_GSTIN && config.SELLER_DRUG_LICENCES,
  )
  const gstin = config.SELLER_GSTIN ?? DEVELOPMENT_SELLER.gstin
  return {
    name: config.SELLER_NAME ?? DEVELOPMENT_SELLER.name,
    address: list(config.SELLER_ADDRESS ?? DEVELOPMENT_SELLER.address),
    gstin,
    // the config accepts only GSTINs of a known state
    state: stateOfGstin(gstin)!,
    drugLicences: list(config.SELLER_DRUG_LICENCES ?? DEVELOPMENT_SELLER.drugLicences),
    developmentDefaults: !configured,
  }
}
