import path from 'node:path'
import { requireSettings, serviceEnvWithPort } from '@medstore/service-kit'
import { z } from 'zod'

const REPO_DATA_DIR = path.resolve(import.meta.dirname, '..', '..', '..', '.data')
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional())
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)

/** The prescription service's settings: the kit's, plus the file keys and the pharmacy's periods. */
export const prescriptionEnv = serviceEnvWithPort(4007)
  .extend({
    /**
     * The keys files are encrypted with: `id:base64` pairs (each key 32 random bytes), comma-separated,
     * e.g. `2026-11:q1w…=,2026-05:z9x…=`. Every key that encrypted a stored file must stay listed until
     * its files are re-encrypted (README: rotation). Required in production; development generates one
     * into DATA_DIR/keys, tests one per start.
     */
    PRESCRIPTION_KEYS: optionalText,
    /** The key id new files are encrypted with (default: the first of PRESCRIPTION_KEYS). */
    PRESCRIPTION_ACTIVE_KEY_ID: optionalText,
    /** Where development keeps its generated key. */
    DATA_DIR: z.string().min(1).default(REPO_DATA_DIR),
    /** An approved prescription may be attached to new orders for this many months from its date. */
    PRESCRIPTION_VALIDITY_MONTHS: positiveInt(6),
    /** After a rejection, the customer may attach another prescription for this many hours. */
    PRESCRIPTION_REATTACH_HOURS: positiveInt(48),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') requireSettings(env, ctx, ['PRESCRIPTION_KEYS'], 'in production')
  })

export type PrescriptionConfig = z.infer<typeof prescriptionEnv>
