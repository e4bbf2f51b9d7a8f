import { API_ROUTES, type ApiRoute } from '@medstore/contracts'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { conformanceProblem } from './openapi-conformance'
import { useTestShop } from './support'

/**
 * Generated from the contracts: every field of every operation (query, path, JSON or multipart body) gets
 * a NUL and then a lone surrogate, sent by an administrator (so access never hides the answer). Each must be
 * a 400 naming the field: never a 500 from PostgreSQL refusing the text.
 */
const shop = useTestShop({ record: true })

const jsonOf = (schema: z.ZodType | undefined) =>
  (schema ? z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) : {}) as {
    properties?: Record<string, unknown>
    required?: string[]
  }
const fieldsOf = (schema: z.ZodType | undefined): string[] => Object.keys(jsonOf(schema).properties ?? {})
/** A value that looks like an id of every service, for the inputs not under test. */
const SAMPLE_ID = '0b5c2a8e-4f1d-4c3a-9e7b-2d6f8a1c3e5f'

type Case = { label: string; route: ApiRoute; where: 'query' | 'path' | 'body'; field: string; bad: string }
const BAD = { NUL: 'a\u0000b', 'lone surrogate': 'a\uD800b' }
/** A URL cannot carry a lone surrogate; its nearest form is the UTF-8 bytes of one, which decode to U+FFFD. */
const SURROGATE_BYTES = '%ED%A0%80'
const inUrl = (bad: string) => (bad === BAD.NUL ? encodeURIComponent(bad) : `a${SURROGATE_BYTES}b`)
const cases: Case[] = API_ROUTES.flatMap((route) =>
  Object.entries(BAD).flatMap(([kind, bad]) =>
    (
      [
        ...fieldsOf(route.query).map((field) => ['query', field] as const),
        ...fieldsOf(route.params).map((field) => ['path', field] as const),
        ...fieldsOf(route.body).map((field) => ['body', field] as const),
      ] as const
    ).map(([where, field]) => ({
      label: `${route.method.toUpperCase()} ${route.path}: ${kind} in ${where} field ${field}`,
      route,
      where,
      field,
      bad,
    })),
  ),
)

async function send({ route, where, field, bad }: Case): Promise<Response> {
  // Other path parameters get a plausible value, so only the field under test is wrong.
  const path = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    where === 'path' && name === field ? inUrl(bad) : SAMPLE_ID,
  )
  // Required query fields get a sample id (e.g. PUT /product?productId=), so only the field under test is wrong.
  const params = new URLSearchParams()
  for (const name of jsonOf(route.query).required ?? []) params.set(name, SAMPLE_ID)
  if (where === 'query') params.delete(field)
  const query = [params.toString(), where === 'query' ? `${field}=${inUrl(bad)}` : '']
    .filter(Boolean)
    .join('&')
  const headers: Record<string, string> = { authorization: `bearer ${shop.admin}` }
  let body: BodyInit | undefined
  if (route.method === 'post' || route.method === 'put') {
    const fields = where === 'body' ? { [field]: bad } : {}
    if (route.multipart) {
      const form = new FormData()
      for (const [k, v] of Object.entries(fields)) form.append(k, v)
      body = form
    } else {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(fields)
    }
  }
  return fetch(`${shop.gateway.url}${path}${query && `?${query}`}`, {
    method: route.method.toUpperCase(),
    headers,
    body,
  })
}

describe('bad text in any documented field', () => {
  it('has cases for the routes that take text (the generator is not empty)', () => {
    expect(cases.length).toBeGreaterThan(50)
    expect(cases.map((c) => c.label)).toEqual(
      expect.arrayContaining([
        'GET /product: NUL in query field q',
        'POST /auth/login: NUL in body field email',
      ]),
    )
  })

  it.each(cases.map((c) => [c.label, c] as const))('%s → 400 naming the field', async (_label, c) => {
    const res = await send(c)
    const text = await res.text()
    const body = JSON.parse(text) as { message: string; errors?: Array<{ path: string }> }
    // Bytes that UTF-8 cannot decode (in a URL or a multipart field) arrive as U+FFFD, which is harmless
    // text: any answer but a 5xx will do, and it must be in the error shape when it is an error.
    if (c.bad !== BAD.NUL && (c.where !== 'body' || c.route.multipart)) {
      expect(res.status, text).toBeLessThan(500)
      if (res.status >= 400) expect(body.message, text).toEqual(expect.any(String))
      return
    }
    expect(res.status, text).toBe(400)
    expect(
      body.errors?.map((e) => e.path),
      text,
    ).toContain(c.field)
  })

  it('answers only as the OpenAPI document says (every exchange above, validated)', () => {
    expect(shop.exchanges.length).toBeGreaterThan(5)
    expect(shop.exchanges.map(conformanceProblem).filter(Boolean)).toEqual([])
  })
})
