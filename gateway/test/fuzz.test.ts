import { API_ROUTES, type ApiRoute } from '@medstore/contracts'
import { errorBody } from '@medstore/contracts/errors'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { leakIn } from './leaks'
import { useTestShop } from './support'

/**
 * Property-based fuzzing of every documented operation, generated from its contract: wrong types, missing
 * and extra fields, huge strings, deep nesting, unicode (NUL, lone surrogates, right-to-left marks),
 * `__proto__`/`constructor` keys, malformed JSON, wrong content types and truncated multipart, as a guest,
 * a customer and an administrator. The property: never a 5xx, and every refusal in the error shape.
 * `npm test` runs a small sample; `npm run chaos` runs FUZZ_RUNS (10,000) and prints the figures.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150)
const shop = useTestShop({ customer: true })
let tokens: Record<'guest' | 'customer' | 'admin', string | undefined>
beforeAll(() => {
  tokens = { guest: undefined, customer: shop.customer, admin: shop.admin }
})

const fieldsOf = (schema: z.ZodType | undefined): string[] =>
  schema
    ? Object.keys(
        (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: object })
          .properties ?? {},
      )
    : []

const SPECIAL = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF lone',
  '\u202Eevil\u202C',
  '\u200F',
  '💊',
  'x'.repeat(100_000),
  '0b5c2a8e-4f1d-4c3a-9e7b-2d6f8a1c3e5f',
  '-1',
  '0',
  '1e309',
  'NaN',
  '../../etc/passwd',
  '%00',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
]
const value = fc.oneof(
  fc.constantFrom(...SPECIAL),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
)
/** A URL can only carry well-formed text: lone surrogates become U+FFFD, as any client would send them. */
const inUrl = (v: unknown) =>
  encodeURIComponent(
    (
      String(typeof v === 'object' ? JSON.stringify(v) : v) as unknown as { toWellFormed(): string }
    ).toWellFormed(),
  )

type Body = { contentType?: string; text: string | FormData | undefined }
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`

function bodyFor(route: ApiRoute): fc.Arbitrary<Body> {
  const fields = fieldsOf(route.body)
  const object = fc
    .tuple(
      fc
        .subarray(fields)
        .chain((chosen) => fc.tuple(...chosen.map((f) => value.map((v) => [f, v] as const)))),
      fc.array(
        fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'extra'), value),
        { maxLength: 2 },
      ),
    )
    .map(([known, extra]) => Object.fromEntries([...known, ...extra]))
  return fc.oneof(
    {
      weight: 5,
      arbitrary: object.map((o) => ({ contentType: 'application/json', text: JSON.stringify(o) })),
    },
    {
      weight: 1,
      arbitrary: object.map((o) => ({
        contentType: 'application/json',
        text: `{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}, ${JSON.stringify(o).slice(1)}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{',
          '{"a":',
          'null',
          '[]',
          '"text"',
          '12',
          deep(5_000),
          deep(200_000).slice(0, 300_000),
        )
        .map((text) => ({ contentType: 'application/json', text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
          ),
          object,
        )
        .map(([contentType, o]) => ({ contentType, text: JSON.stringify(o) })),
    },
    {
      weight: 1,
      // A multipart body cut off part-way, with a boundary that never closes.
      arbitrary: object.map((o) => ({
        contentType: 'multipart/form-data; boundary=zz',
        text: `--zz\r\nContent-Disposition: form-data; name="name"\r\n\r\n${JSON.stringify(o)}\r\n--zz\r\nContent-Disposition: form-data; name="image"; filename="../../x.svg"\r\nContent-Type: image/png\r\n\r\n<svg onload=alert(1)>`,
      })),
    },
    { weight: 1, arbitrary: fc.constant({ text: undefined }) },
  )
}

const request = fc.constantFrom(...API_ROUTES).chain((route) =>
  fc.record({
    route: fc.constant(route),
    caller: fc.constantFrom('guest', 'customer', 'admin') as fc.Arbitrary<keyof typeof tokens>,
    query: fc.array(
      fc.tuple(fc.constantFrom(...fieldsOf(route.query), '__proto__', 'constructor', 'page'), value),
      {
        maxLength: 4,
      },
    ),
    params: fc.array(value, { minLength: 4, maxLength: 4 }),
    body:
      route.method === 'post' || route.method === 'put'
        ? bodyFor(route)
        : fc.constant<Body>({ text: undefined }),
  }),
)
type Request = typeof request extends fc.Arbitrary<infer T> ? T : never

export const stats = { requests: 0, byStatus: new Map<number, number>() }

async function send(r: Request): Promise<{ status: number; text: string }> {
  let i = 0
  const path = r.route.path.replace(/\{[^}]+\}/g, () => inUrl(r.params[i++]))
  const query = r.query.map(([k, v]) => `${encodeURIComponent(k)}=${inUrl(v)}`).join('&')
  const token = tokens[r.caller]
  const res = await fetch(`${shop.gateway.url}${path}${query ? `?${query}` : ''}`, {
    method: r.route.method.toUpperCase(),
    headers: {
      ...(token ? { authorization: `bearer ${token}` } : {}),
      ...(r.body.contentType ? { 'content-type': r.body.contentType } : {}),
    },
    body: r.body.text,
  })
  const text = await res.text()
  stats.requests++
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1)
  return { status: res.status, text }
}

describe('fuzzing every documented operation from its contract', () => {
  it(
    `never answers 5xx, always refuses in the error shape, never leaks a hash, stack or SQL (${RUNS} requests)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const { status, text } = await send(r)
          const where = `${r.route.method.toUpperCase()} ${r.route.path} as ${r.caller}: ${status} ${text.slice(0, 200)}`
          expect(status, where).toBeLessThan(500)
          expect(leakIn(text), where).toBeUndefined()
          if (status >= 400) expect(errorBody.safeParse(JSON.parse(text)).success, where).toBe(true)
        }),
        { numRuns: RUNS, endOnFailure: true },
      )
      const statuses = Object.fromEntries([...stats.byStatus].sort(([a], [b]) => a - b))
      console.log(`[fuzz] ${stats.requests} requests, statuses ${JSON.stringify(statuses)}`)
      expect(stats.requests).toBeGreaterThanOrEqual(RUNS)
    },
    Math.max(60_000, RUNS * 100),
  )
})
