import { randomBytes } from 'node:crypto'

/**
 * Settings production requires that a throw-away run in production mode (the deploy tests, deploy:smoke,
 * the benchmarks) makes up for itself: never a real seller's registration, never a key worth keeping.
 */
export const THROWAWAY_SELLER = {
  SELLER_NAME: 'Medicine Store Demo Private Limited',
  SELLER_ADDRESS: '1 Demo Road; Pune 411001; Maharashtra, India',
  // Well-formed (Maharashtra, valid check character) but issued to nobody.
  SELLER_GSTIN: '27AABCM1234D1Z1',
  SELLER_DRUG_LICENCES: 'Form 20: DEMO-000001; Form 21: DEMO-000002',
} as const

/** A fresh prescription file key list (PRESCRIPTION_KEYS: id:base64 of 32 random bytes). */
export const throwawayPrescriptionKeys = () => `run:${randomBytes(32).toString('base64')}`
