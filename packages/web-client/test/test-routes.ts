import type { ApiRoute } from '@medstore/contracts'
import type { Endpoint } from '@medstore/contracts/endpoints'
import type { z } from 'zod'

/** A route of a test server's own, not in the contracts: any body, query and headers, any answer. */
type TestRoute = ApiRoute & {
  body: z.ZodUnknown
  query: z.ZodObject<Record<string, z.ZodOptional<z.ZodUnknown>>>
  requestHeaders: Record<string, string>
  response: z.ZodUnknown
}

/** An endpoint for a test server's path, e.g. `route('get', '/ok')`. */
export const route = (method: ApiRoute['method'], path: string) => ({ method, path }) as Endpoint<TestRoute>
