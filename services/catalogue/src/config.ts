import { internalSecretSetting, requireSettings, serviceEnvWithPort } from '@medstore/service-kit'
import { z } from 'zod'
import { defaultLeasePolicy } from './domain/reservation-lease'

export const catalogueEnv = serviceEnvWithPort(4002)
  .extend({
    /** Where browsers reach the API; image URLs in responses and events are absolute on this host. */
    PUBLIC_API_URL: z
      .url()
      .default('http://localhost:8080')
      .transform((u) => u.replace(/\/+$/, '')),
    /** Seed the demo catalogue and shops at start when the catalogue is empty (tests turn it off). */
    SEED_DEMO_CATALOGUE: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /**
     * The secret /internal/* callers send as `x-internal-token` (the order service's CATALOGUE_INTERNAL_TOKEN).
     * Always checked: required in production; `npm start` generates one; otherwise one per process.
     */
    INTERNAL_TOKEN: internalSecretSetting,
    /** How long a reservation is held for an order that has not appeared yet (tests use short ones). */
    RESERVATION_LEASE_MS: z.coerce.number().int().min(100).default(defaultLeasePolicy.leaseMs),
    /** How often the sweeper gives back the stock of expired reservations. */
    RESERVATION_SWEEP_MS: z.coerce.number().int().min(50).default(defaultLeasePolicy.sweepEveryMs),
    /**
     * How often stock changes (reservations, releases, expiries) are announced to the cart: at most one
     * product.stock_changed per product per run, however many orders took from it meanwhile.
     */
    STOCK_ANNOUNCE_MS: z.coerce.number().int().min(10).default(250),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') requireSettings(env, ctx, ['INTERNAL_TOKEN'], 'in production')
  })
export type CatalogueConfig = z.infer<typeof catalogueEnv>
