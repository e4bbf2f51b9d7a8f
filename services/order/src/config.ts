import { DEMO_DATA_IN_PRODUCTION, demoDataFlag } from '@medstore/contracts/demo'
import {
  internalSecretSetting,
  requireSettings,
  serviceEnvWithPort,
  shopOrigins,
} from '@medstore/service-kit'
import { z } from 'zod'

const optionalSecret = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional())

/** The order service's settings: the kit's, plus where the catalogue and the shop are, and payments. */
export const orderEnv = serviceEnvWithPort(4004)
  .extend({
    /** The catalogue's internal API (stock reservations). */
    CATALOGUE_URL: z.url().default('http://127.0.0.1:4002'),
    /** The catalogue's INTERNAL_TOKEN, sent as x-internal-token (required in production). */
    CATALOGUE_INTERNAL_TOKEN: internalSecretSetting,
    CATALOGUE_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
    /** The gateway as the browser sees it: the sandbox payment page is served under it. */
    PUBLIC_API_URL: z.url().default('http://localhost:8080'),
    /** The shop (shell): buyers whose own shop origin is not one of CORS_ORIGINS land on its confirmation page. */
    SHELL_URL: z.url().default('http://localhost:3000'),
    /** The origins the shop is served from (the gateway's list): a customer paying online returns to theirs. */
    CORS_ORIGINS: shopOrigins,
    PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
    /** Signs the sandbox provider's webhooks; generated per start in development and tests. */
    PAYMENT_WEBHOOK_SECRET: optionalSecret,
    RAZORPAY_BASE_URL: z.url().default('https://api.razorpay.com'),
    RAZORPAY_KEY_ID: z.string().optional(),
    RAZORPAY_KEY_SECRET: z.string().optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
    /**
     * The sandbox takes no money: a production deployment may use it only when it says it is a demo. A
     * production that forgot PAYMENT_PROVIDER would otherwise mark orders paid with nothing taken.
     */
    ALLOW_SANDBOX_PAYMENTS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** How long a payment link stays payable (Razorpay wants at least 15 minutes); then the order lapses. */
    PAYMENT_LINK_EXPIRY_MINUTES: z.coerce
      .number()
      .int()
      .min(15)
      .max(7 * 24 * 60)
      .default(30),
    /** An online order still unpaid this long after its link was made has the link's status asked once. */
    PAYMENT_STATUS_CHECK_MINUTES: z.coerce.number().positive().default(10),
    /** How often the service looks for such orders (and for links past their expiry). */
    PAYMENT_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
    /** How often orders whose prescription was rejected and not replaced in time are looked for (and cancelled). */
    PRESCRIPTION_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
    /** Seed demo orders for the demo customers when there are no orders (development; npm start turns it on). */
    SEED_DEMO_DATA: demoDataFlag,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.SEED_DEMO_DATA)
      ctx.addIssue({ code: 'custom', path: ['SEED_DEMO_DATA'], message: DEMO_DATA_IN_PRODUCTION })
    if (env.NODE_ENV === 'production') {
      requireSettings(env, ctx, ['PAYMENT_WEBHOOK_SECRET', 'CATALOGUE_INTERNAL_TOKEN'], 'in production')
      for (const issue of productionPaymentRefusals(env)) ctx.addIssue({ code: 'custom', ...issue })
    }
    if (env.PAYMENT_PROVIDER === 'razorpay')
      requireSettings(
        env,
        ctx,
        ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'],
        'when PAYMENT_PROVIDER=razorpay',
      )
  })
/** Razorpay's test-mode key ids start so; test mode moves no money. */
export const RAZORPAY_TEST_KEY_PREFIX = 'rzp_test_'

/** Why these payment settings may not take real orders in production (empty when they may). */
export function productionPaymentRefusals(env: {
  PAYMENT_PROVIDER: 'sandbox' | 'razorpay'
  ALLOW_SANDBOX_PAYMENTS: boolean
  RAZORPAY_KEY_ID?: string
}): { path: string[]; message: string }[] {
  if (env.PAYMENT_PROVIDER === 'sandbox')
    return env.ALLOW_SANDBOX_PAYMENTS
      ? []
      : [
          {
            path: ['PAYMENT_PROVIDER'],
            message:
              'is sandbox, which takes no money: set PAYMENT_PROVIDER=razorpay in production (or ALLOW_SANDBOX_PAYMENTS=true for a demo that takes no real orders)',
          },
        ]
  return env.RAZORPAY_KEY_ID?.startsWith(RAZORPAY_TEST_KEY_PREFIX)
    ? [
        {
          path: ['RAZORPAY_KEY_ID'],
          message: `is a test-mode key (${RAZORPAY_TEST_KEY_PREFIX}…), which takes no money: use the live key in production`,
        },
      ]
    : []
}

export type OrderConfig = z.infer<typeof orderEnv>
