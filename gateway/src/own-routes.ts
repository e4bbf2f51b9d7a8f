import type { ApiRoute } from '@medstore/contracts'
import { z } from 'zod'

/** The gateway's own routes, described like the services' so that they appear in the OpenAPI document. */
export const gatewayRoutes: ApiRoute[] = [
  {
    method: 'get',
    path: '/health',
    summary:
      'Ready only when every service is ready (200); otherwise 503. The body says how each service is.',
    access: 'public',
    documented: false,
    tags: ['gateway'],
    status: 200,
    response: z.object({
      status: z.enum(['ok', 'degraded']),
      services: z.record(z.string(), z.enum(['ready', 'not ready', 'unreachable'])),
    }),
  },
]
