import { z } from 'zod'

/**
 * Demo data for development: identity seeds demo customers and the order service demo orders for them, so a
 * newcomer's dashboard and order lists are not empty. Both read the same switch; `npm start` turns it on
 * outside production, and a service refuses to start with it on in production.
 */
export const DEMO_DATA_ENV = 'SEED_DEMO_DATA'

/** The switch in a service's environment schema: 'true' or 'false' (default off, so tests opt in). */
export const demoDataFlag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true')

export const DEMO_DATA_IN_PRODUCTION = 'must not be true in production (demo data is for development only)'

/**
 * Demo customers have addresses at this (reserved, undeliverable) domain: the order service places demo
 * orders for these accounts only, never for real customers or the administrator.
 */
export const DEMO_EMAIL_DOMAIN = 'demo.example.com'

export const isDemoEmail = (email: string): boolean => email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)
