import { SERVICES, type ServiceName } from '@medstore/contracts'
import { z } from 'zod'

const serviceUrls = Object.fromEntries(
  SERVICES.map((s) => [`${s.name.toUpperCase()}_URL`, z.url().default(`http://127.0.0.1:${s.port}`)]),
) as Record<`${Uppercase<ServiceName>}_URL`, z.ZodDefault<z.ZodURL>>

export const gatewayEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated front-end origins allowed to call the API from a browser. */
  CORS_ORIGINS: z
    .string()
    .default('http://localhost:3000,http://127.0.0.1:3000')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  ...serviceUrls,
})
export type GatewayConfig = z.infer<typeof gatewayEnv>

export function upstreams(config: GatewayConfig) {
  return SERVICES.map((s) => ({ ...s, url: config[`${s.name.toUpperCase() as Uppercase<ServiceName>}_URL`] }))
}
export type Upstream = ReturnType<typeof upstreams>[number]
