import { z } from 'zod'

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Settings every service reads; a service extends this with its own. */
export const serviceEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535),
  /**
   * The address the service listens on. The loopback by default: on a developer's machine nothing but the
   * gateway and the other slices reaches a service; the container image sets 0.0.0.0 (the pod network is
   * the boundary there, narrowed by deploy/k8s's NetworkPolicies).
   */
  LISTEN_HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
  /** Connections each service keeps to its database (queries; the event bus takes at most 4 more). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  AMQP_URL: z.url({ protocol: /^amqps?$/, error: 'must be an amqp:// URL' }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWKS_URL: z.url().default('http://127.0.0.1:4001/.well-known/jwks.json'),
  JWT_ISSUER: z.string().min(1).default('medicine-store-identity'),
  JWT_AUDIENCE: z.string().min(1).default('medicine-store'),
  /** Gives a test run its own exchanges and queues; empty in production. */
  BUS_NAMESPACE: z
    .string()
    .regex(/^[\w.-]*$/, 'may hold only letters, digits, _ . -')
    .default(''),
  /** The most events of one type a consumer applies in one transaction (types it takes in batches); 1: each alone. */
  EVENT_BATCH_SIZE: z.coerce.number().int().min(1).max(1_000).default(100),
  /** Which proxies may report the client address (X-Forwarded-For): 'loopback', a subnet list, or a hop count. */
  TRUST_PROXY: z.string().min(1).default('loopback, linklocal, uniquelocal'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
})
export type ServiceEnv = z.infer<typeof serviceEnv>

/** The shop's addresses in development (`npm start` serves the shell on :3000; people type either host). */
export const DEVELOPMENT_SHOP_ORIGINS = 'http://localhost:3000,http://127.0.0.1:3000'

/**
 * CORS_ORIGINS: the comma-separated origins the shop is served from. The gateway lets them call the API
 * from a browser; the order service sends a customer who came from one back to it after paying.
 */
export const shopOrigins = z
  .string()
  .default(DEVELOPMENT_SHOP_ORIGINS)
  .transform((s) =>
    s
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  )

/** serviceEnv with the service's own port as the default, so one slice runs alone with no settings but its URLs. */
export const serviceEnvWithPort = (port: number) =>
  serviceEnv.extend({ PORT: z.coerce.number().int().min(0).max(65535).default(port) })

/**
 * Reads and validates configuration from the environment. A missing or bad variable throws a
 * ConfigError whose message names every offending variable on one line.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const result = schema.safeParse(env)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)'
    const missing = issue.code === 'invalid_type' && env[name] === undefined
    return missing ? `${name} is required` : `${name} ${issue.message}`
  })
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
}

/**
 * For a schema's superRefine: each named setting that is unset or empty is an issue "is required <when>"
 * (settings that only some deployments need, e.g. secrets in production).
 */
export function requireSettings<E extends Record<string, unknown>>(
  env: E,
  ctx: z.RefinementCtx,
  names: readonly (keyof E & string)[],
  when: string,
): void {
  for (const name of names)
    if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `is required ${when}` })
}
