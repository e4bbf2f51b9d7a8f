/**
 * The front ends' seam with the API: every request a front end's code makes through the page's API
 * client (`api.get('/product', …)`, `api.put(`/supplier/${id}`, …)`) is an operation in the gateway's
 * `/openapi.json`, with the same method. A front end calling a path the gateway does not document (a
 * typo, a route renamed on one side) fails here instead of as a 404 in someone's browser.
 *
 * The calls are read from the front ends' sources: a call whose path is not a literal cannot be checked,
 * so it fails too (wrap such a call as authApi.ts does, with the literal paths at its callers).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from '@medstore/mf-config/apps'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Gateway, startGateway } from './support'

/** Where front-end code lives: the shell, the remotes, and the shared client and UI kit. */
const FRONT_END_DIRS = ['shell/src', 'mfe-store/src', 'mfe-checkout/src', 'mfe-vendor/src', 'packages/ui/src']

/** A call through the API client: `api.<verb><Type>(` then the path as its first argument. */
const CALL = /\bapi\.(get|getWithHeaders|post|put|delete)\s*(?:<[^()]*?>)?\(\s*/g
/** The first argument when it is a literal: '…', "…" or `…` (with `${…}` parameters). */
const LITERAL = /^(?:'([^']*)'|"([^"]*)"|`([^`]*)`)/
/** Helpers that take the path from their callers: `authenticate('/auth/login', …)` is a POST. */
const WRAPPERS: Record<string, 'post'> = { authenticate: 'post' }

export interface FrontEndCall {
  file: string
  method: string
  /** The path with each `${…}` as `{}`; undefined when it was not a literal. */
  path: string | undefined
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

const templatePath = (text: string) => text.replace(/\$\{[^}]*\}/g, '{}')

export function frontEndCalls(): FrontEndCall[] {
  const calls: FrontEndCall[] = []
  const wrappers = Object.keys(WRAPPERS)
  for (const dir of FRONT_END_DIRS) {
    for (const file of sourceFiles(path.join(repoRoot, dir))) {
      const text = readFileSync(file, 'utf8')
      const name = path.relative(repoRoot, file)
      for (const match of text.matchAll(CALL)) {
        const literal = LITERAL.exec(text.slice((match.index ?? 0) + match[0].length))
        const raw = literal?.[1] ?? literal?.[2] ?? literal?.[3]
        const method = match[1] === 'getWithHeaders' ? 'get' : (match[1] as string)
        // Inside a wrapper the path is its parameter: its callers' literal paths are checked instead.
        if (raw === undefined && wrappers.some((wrapper) => text.includes(`function ${wrapper}(`))) continue
        calls.push({ file: name, method, path: raw === undefined ? undefined : templatePath(raw) })
      }
      for (const [wrapper, method] of Object.entries(WRAPPERS)) {
        for (const match of text.matchAll(new RegExp(`\\b${wrapper}\\(\\s*'([^']*)'`, 'g'))) {
          calls.push({ file: name, method, path: match[1] })
        }
      }
    }
  }
  return calls
}

/** Whether a called path (`{}` for its parameters) is the documented `/shop/{shopId}`-style path. */
export function samePath(called: string, documented: string): boolean {
  const have = called.split('/')
  const want = documented.split('/')
  if (have.length !== want.length) return false
  return want.every((part, index) => {
    const isParameter = /^\{[^}]+\}$/.test(part)
    return isParameter ? have[index] !== '' : part === have[index]
  })
}

let gateway: Gateway
let documented: { method: string; path: string }[]

beforeAll(async () => {
  gateway = await startGateway(new Map())
  const doc = (await (await fetch(`${gateway.url}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>
  }
  documented = Object.entries(doc.paths).flatMap(([route, operations]) =>
    Object.keys(operations).map((method) => ({ method, path: route })),
  )
})
afterAll(() => gateway?.close())

describe("the front ends' API calls", () => {
  const calls = frontEndCalls()

  it('are found in every front end (the scan is not reading nothing)', () => {
    const files = new Set(calls.map((call) => call.file.split(path.sep)[0]))
    expect([...files].sort()).toEqual(['mfe-checkout', 'mfe-store', 'mfe-vendor', 'shell'])
    expect(calls.length).toBeGreaterThan(30)
  })

  it('all name their path literally', () => {
    expect(calls.filter((call) => call.path === undefined)).toEqual([])
  })

  it("are all operations in the gateway's /openapi.json", () => {
    expect(documented.length).toBeGreaterThan(20)
    const undocumented = calls.filter(
      (call) =>
        call.path !== undefined &&
        !documented.some((op) => op.method === call.method && samePath(call.path as string, op.path)),
    )
    expect(undocumented).toEqual([])
  })

  it('would catch a call the gateway does not document', () => {
    expect(samePath('/shop/{}', '/shop/{shopId}')).toBe(true)
    expect(samePath('/product/productById', '/product/{productId}')).toBe(true)
    const typo = { method: 'get', path: '/prodcut' }
    expect(documented.some((op) => op.method === typo.method && samePath(typo.path, op.path))).toBe(false)
    const wrongVerb = { method: 'delete', path: '/order/statistics' }
    expect(documented.some((op) => op.method === wrongVerb.method && samePath(wrongVerb.path, op.path))).toBe(
      false,
    )
  })
})
