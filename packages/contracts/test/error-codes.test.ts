import { describe, expect, it } from 'vitest'
import { API_ROUTES } from '../src'
import { codeForStatus, ERROR_CODES, errorBody } from '../src/errors'
import { openApiDocument } from '../src/openapi'

type Response = { content?: Record<string, { schema: { allOf?: Array<Record<string, unknown>> } }> }

const doc = openApiDocument(API_ROUTES, { serverUrl: 'http://test' })
const errorResponses = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).flatMap(([method, operation]) =>
    Object.entries((operation as { responses: Record<string, Response> }).responses)
      .filter(([status]) => Number(status) >= 400)
      .map(([status, response]) => ({ at: `${method} ${path} ${status}`, status: Number(status), response })),
  ),
)
const codesOf = (response: Response): string[] => {
  const narrowed = response.content?.['application/json']?.schema.allOf?.[1] as
    | { properties: { code: { enum: string[] } } }
    | undefined
  return narrowed?.properties.code.enum ?? []
}

describe('error codes in the OpenAPI document', () => {
  it('lists, for every error answer of every operation, the codes it may carry', () => {
    expect(errorResponses.length).toBeGreaterThan(50)
    for (const { at, status, response } of errorResponses) {
      const codes = codesOf(response)
      expect(codes.length, at).toBeGreaterThan(0)
      for (const code of codes) expect(Object.keys(ERROR_CODES), at).toContain(code)
      // 404 may name what is unknown (GET /delivery/estimate: pincode_unknown); it stays a 404 for clients.
      if (![400, 404, 409, 422].includes(status)) expect(codes, at).toEqual([codeForStatus(status)])
    }
  })

  it('names the codes a client branches on where they are answered', () => {
    const placing = doc.paths['/order']!.post as { responses: Record<string, Response> }
    expect(codesOf(placing.responses['409']!)).toEqual(['out_of_stock', 'idempotency_in_progress'])
    expect(codesOf(placing.responses['422']!)).toEqual([
      'idempotency_key_reused',
      'not_sold_online',
      'prescription_required',
      'prescription_not_usable',
      'pincode_not_served',
      'pincode_unknown',
    ])
    const estimating = doc.paths['/delivery/estimate']!.get as { responses: Record<string, Response> }
    expect(codesOf(estimating.responses['404']!)).toEqual(['pincode_unknown'])
    const adding = doc.paths['/cart']!.post as { responses: Record<string, Response> }
    expect(codesOf(adding.responses['409']!)).toContain('out_of_stock')
  })

  it('makes the code a required part of every error body', () => {
    expect(errorBody.safeParse({ message: 'Order not found' }).success).toBe(false)
    expect(errorBody.safeParse({ message: 'Order not found', code: 'not_found' }).success).toBe(true)
    expect(errorBody.safeParse({ message: 'x', code: 'still being placed' }).success).toBe(false)
  })

  it('gives each status its own code', () => {
    expect([400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 502, 503, 504].map(codeForStatus)).toEqual([
      'validation_failed',
      'unauthenticated',
      'forbidden',
      'not_found',
      'conflict',
      'too_large',
      'unsupported_media_type',
      'unprocessable',
      'rate_limited',
      'internal',
      'bad_gateway',
      'unavailable',
      'timeout',
    ])
  })
})
