/** The part of loadtest (npm, no types of its own) the shopper mix uses. */
declare module 'loadtest' {
  import type { ClientRequest, RequestOptions } from 'node:http'

  export interface LoadTestResult {
    statusCode?: number
    method?: string
    path?: string
    /** ms from the moment the request was due (the scheduler's tick) to the end of its answer. */
    requestElapsed: number
  }

  export interface LoadTestOptions {
    url: string
    /** Requests started per second, evenly spaced whatever the answers (an open, fixed-arrival model). */
    requestsPerSecond: number
    maxSeconds: number
    timeout?: number
    agentKeepAlive?: boolean
    quiet?: boolean
    requestGenerator: (
      options: LoadTestOptions,
      params: RequestOptions & { headers: Record<string, string> },
      request: (params: RequestOptions, callback: (res: unknown) => void) => ClientRequest,
      callback: (res: unknown) => void,
    ) => ClientRequest
    statusCallback: (error: string | null | undefined, result: LoadTestResult | undefined) => void
  }

  export interface LoadTestSummary {
    totalRequests: number
    totalErrors: number
    totalTimeSeconds: number
  }

  export function loadTest(options: LoadTestOptions): Promise<LoadTestSummary>
}
