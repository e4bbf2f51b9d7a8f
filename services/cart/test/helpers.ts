import { httpRequest } from '@medstore/service-kit/testing'

/** The kit's httpRequest against the service, as (method, path, token?, body?). */
export function client(baseUrl: string) {
  return (method: string, path: string, token?: string, body?: unknown) =>
    httpRequest(`${baseUrl}${path}`, { method, token, json: body })
}
