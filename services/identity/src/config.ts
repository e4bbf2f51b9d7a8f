import path from 'node:path'
import { DEMO_DATA_IN_PRODUCTION, demoDataFlag } from '@medstore/contracts/demo'
import { requireSettings, serviceEnvWithPort } from '@medstore/service-kit'
import { z } from 'zod'

const REPO_DATA_DIR = path.resolve(import.meta.dirname, '..', '..', '..', '.data')

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v : undefined))

/** The identity service's settings: the kit's, plus key material, the administrator and rate limits. */
export const identityEnv = serviceEnvWithPort(4001)
  .extend({
    /** The RS256 signing key as PEM text (production: from a secret). */
    JWT_PRIVATE_KEY: optionalText,
    /** …or the path of a PEM file (npm start passes .data/keys/jwt-private.pem). */
    JWT_PRIVATE_KEY_FILE: optionalText,
    /**
     * How long an access token is valid, as jsonwebtoken reads it (e.g. 15m, 1h). Short: it cannot be
     * revoked, and the web client renews it with the refresh token when it expires.
     */
    JWT_TTL: z
      .string()
      .regex(/^\d+\s*[smhd]$/, 'must be a number and a unit, e.g. 12h or 30m')
      .default('15m'),
    ADMIN_EMAIL: optionalText.pipe(z.email('must be an email address').optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    /** The administrator's user name (who is an administrator is decided by isAdmin alone). */
    ADMIN_USERNAME: z
      .string()
      .regex(/^[A-Za-z0-9._]{3,30}$/, 'must be 3–30 letters, digits, dots or underscores')
      .default('ADMIN'),
    /** Where development state lives (the generated administrator password, a generated key). */
    DATA_DIR: z.string().min(1).default(REPO_DATA_DIR),
    /**
     * Failed sign-ins per account before each further one waits (1 s, doubling, up to THROTTLE_MAX_DELAY_MS);
     * the owner is e-mailed when this many have failed. The wait holds only for addresses that have failed
     * on the account: the right password from any other address still signs in.
     */
    LOGIN_MAX_FAILURES: positiveInt(5),
    /** Failed sign-ins per client address (any accounts) before it waits: high, as a mobile carrier's NAT
     * puts thousands of customers behind one address. */
    LOGIN_ADDRESS_MAX_FAILURES: positiveInt(30),
    /** How long failures are remembered after the latest one. */
    LOGIN_FAILURE_WINDOW_MS: positiveInt(60 * 60_000),
    /** Refused sign-ups (taken email or user name) per email, then per client address, before each waits. */
    SIGNUP_MAX_ATTEMPTS: positiveInt(5),
    SIGNUP_ADDRESS_MAX_ATTEMPTS: positiveInt(30),
    SIGNUP_WINDOW_MS: positiveInt(60 * 60_000),
    /** How long a refresh token (a device's session) lasts unused; each refresh starts it again. */
    REFRESH_TOKEN_TTL_MS: positiveInt(30 * 24 * 60 * 60_000),
    /** How long a 'forgot password' link works (once). */
    PASSWORD_RESET_TTL_MS: positiveInt(30 * 60_000),
    /** 'Forgot password' requests per client address before each waits (each sends an e-mail). */
    RESET_ADDRESS_MAX_REQUESTS: positiveInt(10),
    /** The shop, where a reset link opens its page (/reset-password). */
    SHELL_URL: z.url().default('http://localhost:3000'),
    /** The longest wait growing delays reach. */
    THROTTLE_MAX_DELAY_MS: positiveInt(15 * 60_000),
    /** Seed demo customers when there are none (development; npm start turns it on). */
    SEED_DEMO_DATA: demoDataFlag,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return
    if (env.SEED_DEMO_DATA)
      ctx.addIssue({ code: 'custom', path: ['SEED_DEMO_DATA'], message: DEMO_DATA_IN_PRODUCTION })
    if (!env.JWT_PRIVATE_KEY && !env.JWT_PRIVATE_KEY_FILE)
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_PRIVATE_KEY'],
        message: 'is required in production (the RS256 private key as PEM, or JWT_PRIVATE_KEY_FILE)',
      })
    requireSettings(
      env,
      ctx,
      ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
      'in production (the administrator account ensured at start)',
    )
  })
export type IdentityConfig = z.infer<typeof identityEnv>
