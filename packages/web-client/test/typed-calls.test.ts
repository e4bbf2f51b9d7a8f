/**
 * The front ends' seam with the API, checked by compiling: a remote reaches the gateway only through
 * `api.call(<endpoint of the contracts>, …)`, so a path, body, query, header or answer field the contracts
 * do not have is a compile error (`npm run typecheck` compiles every remote). This test compiles small
 * remote modules with the repository's compiler settings and shows each kind of mistake fails while the
 * right call compiles, so the seam cannot quietly go untyped (e.g. an `any` creeping into `call`).
 */
import path from 'node:path'
import { repoRoot } from '@medstore/mf-config/apps'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'

/** A module as if it were in mfe-store's sources. */
const probeFile = path.join(repoRoot, 'mfe-store/src/typed-call-probe.ts')

const prelude = `
import { catalogueApi, orderApi, supplierApi } from '@medstore/contracts/endpoints'
import { api } from '@medstore/web-client'
declare const body: import('@medstore/contracts/order').CreateOrderRequest
`

/** The right call, which must compile. */
const right = `
  export const placed = api
    .call(orderApi.place, { body, headers: { 'Idempotency-Key': 'k-1' }, quiet: true })
    .then((answer) => answer.order.number)
  export const shop = api.call(catalogueApi.shop, { params: { id: 'a b' } }).then((s) => s.name)
  export const product = api.call(catalogueApi.productById, { query: { productId: 'p-1' } })`

/** Wrong calls, each with the compiler's complaint. */
const wrong = {
  'a path the contracts do not have': {
    source: 'api.call(catalogueApi.prodcuts)',
    error: /Property 'prodcuts' does not exist/,
  },
  'a path written as a string': {
    source: "api.call({ method: 'get', path: '/product' })",
    error: /is not assignable to parameter of type 'Endpoint/,
  },
  'an answer field the route does not answer': {
    source: 'api.call(orderApi.place, { body }).then((answer) => answer.order.nmuber)',
    error: /Property 'nmuber' does not exist/,
  },
  'a body field the route does not take': {
    source: "api.call(catalogueApi.createCategory, { body: { title: 'Ayurveda' } })",
    error: /'title' does not exist/,
  },
  'a body the route requires, left out': {
    source: 'api.call(orderApi.place)',
    error: /Expected 2 arguments, but got 1/,
  },
  'a query parameter the route does not read': {
    source: "api.call(catalogueApi.productById, { query: { id: 'p-1' } })",
    error: /'id' does not exist/,
  },
  'a path parameter left out': {
    source: "api.call(supplierApi.update, { body: { status: 'Inactive' } })",
    error: /Property 'params' is missing/,
  },
  'a header the route does not declare': {
    source: "api.call(catalogueApi.categories, { headers: { 'Idempotency-Key': 'k' } })",
    error: /'Idempotency-Key'.* is not assignable/,
  },
} as const

const cases: Record<string, string> = {
  right,
  ...Object.fromEntries(
    Object.entries(wrong).map(([name, { source }]) => [name, `export const call = ${source}`]),
  ),
}

type Case = keyof typeof cases & string

/** The compiler's errors for each case's module, compiled in one program. */
let errors: Record<Case, string[]>

beforeAll(() => {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(repoRoot, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )
  if (!config) throw new Error('tsconfig.json could not be read')
  const files = new Map(
    Object.entries(cases).map(([name, source], index) => [
      probeFile.replace(/\.ts$/, `-${index}.ts`),
      { name: name as Case, text: `${prelude}\n${source}\n` },
    ]),
  )
  const host = ts.createCompilerHost(config.options)
  const readFile = host.readFile.bind(host)
  const getSourceFile = host.getSourceFile.bind(host)
  host.fileExists = (file) => files.has(file) || ts.sys.fileExists(file)
  host.readFile = (file) => files.get(file)?.text ?? readFile(file)
  host.getSourceFile = (file, language, ...rest) => {
    const probe = files.get(file)
    return probe ? ts.createSourceFile(file, probe.text, language) : getSourceFile(file, language, ...rest)
  }
  const program = ts.createProgram([...files.keys()], config.options, host)
  errors = Object.fromEntries(
    [...files].map(([file, { name }]) => [
      name,
      ts
        .getPreEmitDiagnostics(program, program.getSourceFile(file))
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    ]),
  ) as Record<Case, string[]>
}, 120_000)

describe("a remote's API calls, compiled", () => {
  it('compile when the contracts have the route, its parts and its answer', () => {
    expect(errors.right).toEqual([])
  })

  it.each(Object.entries(wrong))('fail to compile with %s', (name, { error }) => {
    expect(errors[name]).toEqual([expect.stringMatching(error)])
  })
})
