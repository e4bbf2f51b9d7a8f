import { SERVICES, type ServiceName } from '@medstore/contracts'
import { serviceUrlVariable } from '@medstore/contracts/services'
import { serviceEnv, shopOrigins } from '@medstore/service-kit'
import { z } from 'zod'

const serviceUrls = Object.fromEntries(
  SERVICES.map((s) => [serviceUrlVariable(s.name), z.url().default(`http://127.0.0.1:${s.port}`)]),
) as Record<ReturnType<typeof serviceUrlVariable<ServiceName>>, z.ZodDefault<z.ZodURL>>

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)

/** The settings the gateway shares with every service (log level, token issuer and audience, JWKS URL, …). */
const shared = serviceEnv.pick({
  NODE_ENV: true,
  LOG_LEVEL: true,
  JWKS_URL: true,
  JWT_ISSUER: true,
  JWT_AUDIENCE: true,
  SHUTDOWN_TIMEOUT_MS: true,
})

export const gatewayEnv = shared.extend({
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Comma-separated front-end origins allowed to call the API from a browser. */
  CORS_ORIGINS: shopOrigins,
  UPSTREAM_TIMEOUT_MS: positiveInt(30_000),
  /** Per service: requests past this many unfinished get 503 at once; waiting seconds in line helps no one. */
  UPSTREAM_MAX_IN_FLIGHT: positiveInt(256),
  /** Per service: connections kept; a burst beyond them queues in the gateway (an object each, not a socket). */
  UPSTREAM_CONNECTIONS: positiveInt(64),
  /** Where the OpenAPI document says the API is. */
  PUBLIC_API_URL: z.url().default('http://localhost:8080'),
  /**
   * Which proxies in front of the gateway may set X-Forwarded-For (express "trust proxy": false, true,
   * a hop count, or addresses/subnets). Default none: the gateway is the edge, so a client cannot pick its
   * own address for the per-IP rate limits.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | number | string =>
      v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v,
    ),
  /**
   * Per client address: failed sign-ins per window (successful ones do not count). Sized for a carrier's
   * shared address (carrier-grade NAT); per-account limits are the identity service's.
   */
  LOGIN_RATE_LIMIT: positiveInt(300),
  LOGIN_RATE_WINDOW_MS: positiveInt(15 * 60_000),
  /** Per client address: accounts created per window (refused sign-ups do not count); sized for shared addresses. */
  SIGNUP_RATE_LIMIT: positiveInt(200),
  SIGNUP_RATE_WINDOW_MS: positiveInt(60 * 60_000),
  /** Request bodies: JSON and everything else, and multipart product uploads (bytes). */
  BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  UPLOAD_LIMIT_BYTES: positiveInt(10 * 1024 * 1024),
  ...serviceUrls,
})
export type GatewayConfig = z.infer<typeof gatewayEnv>

export function upstreams(config: GatewayConfig) {
  return SERVICES.map((s) => ({ ...s, url: config[serviceUrlVariable(s.name)] }))
}
export type Upstream = ReturnType<typeof upstreams>[number]
