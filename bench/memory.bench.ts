/**
 * Resident memory of the catalogue (issue 16: every process ≤ 150 MB resident) with a real-sized catalogue:
 * the production build (`node dist/main.js`, NODE_ENV=production, as in its image) on BENCH_PRODUCTS
 * (100,000) synthetic products, loaded into its search index at start, plus a few products created through
 * the gateway (each draws its artwork with sharp, as the back office does).
 *
 * Prints VmRSS idle (after start-up and those creations) and after BENCH_MEMORY_SECONDS (30) of listing,
 * search, product and card-image requests through the gateway from BENCH_CONNECTIONS (10) clients, with
 * what the resident memory is made of (/proc/<pid>/smaps_rollup: anonymous = heaps and malloc, file =
 * code and libraries mapped from disk), and the catalogue's CPU per request under that load (so a memory
 * fix that costs CPU shows).
 *
 *   npx tsx bench/memory.bench.ts
 *   BENCH_MEMORY_NODE_ARGS="--heapsnapshot-signal=SIGUSR2" …   node options for the catalogue, to dig in
 *   BENCH_MEMORY_ENV="MALLOC_ARENA_MAX=2 …" …                   extra environment for the catalogue
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createLogger } from '@medstore/service-kit'
import { applyMigrations, createPool } from '@medstore/service-kit/prisma'
import autocannon from 'autocannon'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { insertSyntheticCatalogue } from './fixtures/synthetic-catalogue'
import { cpuMs, residentMb } from './lib/proc'
import { createProducts, type RunningProduct, startProduct } from './lib/product'
import { atMost, type BenchRow, info, runAlone } from './lib/report'
import { SHOPPER_SEARCH_TERMS } from './lib/search-terms'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const CREATED = Number(process.env.BENCH_CREATED_PRODUCTS ?? 24)
const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 30)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const MEMORY_LIMIT_MB = 150
const catalogueDir = path.resolve(import.meta.dirname, '..', 'services', 'catalogue')

/** Resident memory by kind, MB, from /proc/<pid>/smaps_rollup. */
function residentParts(pid: number): { anonymous: number; file: number } {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0)
  return { anonymous: kb('Anonymous') / 1024, file: (kb('Rss') - kb('Anonymous')) / 1024 }
}

function memoryRows(pid: number, when: string, products: string): BenchRow[] {
  const parts = residentParts(pid)
  return [
    atMost(`RSS catalogue, ${products}, ${when}`, residentMb(pid), 'MB', MEMORY_LIMIT_MB),
    info(`  of which anonymous (heaps, malloc), ${when}`, parts.anonymous, 'MB'),
    info(`  of which file-backed (code, libraries), ${when}`, parts.file, 'MB'),
  ]
}

/** A cycle of shopper reads: listings 10 : product 5 : search 4 : card image 2. */
function readRequests(productIds: string[], imageIds: string[]): autocannon.Request[] {
  const requests: autocannon.Request[] = []
  for (let n = 0; n < 40; n++) {
    for (let i = 0; i < 10; i++)
      requests.push({ method: 'GET', path: `/product?limit=24&page=${1 + ((n * 10 + i) % 50)}` })
    for (let i = 0; i < 5; i++)
      requests.push({
        method: 'GET',
        path: `/product/productById?productId=${productIds[(n * 5 + i) % productIds.length]}`,
      })
    for (let i = 0; i < 4; i++) {
      const term = SHOPPER_SEARCH_TERMS[(n * 4 + i) % SHOPPER_SEARCH_TERMS.length]!
      requests.push({ method: 'GET', path: `/product?q=${encodeURIComponent(term)}&limit=24` })
    }
    for (let i = 0; i < 2; i++)
      requests.push({ method: 'GET', path: `/product/image/${imageIds[(n * 2 + i) % imageIds.length]}/card` })
  }
  return requests
}

async function sampleIds(databaseUrl: string): Promise<{ productIds: string[]; imageIds: string[] }> {
  const pool = createPool(databaseUrl, 1)
  try {
    const products = await pool.query<{ id: string }>(
      'SELECT id::text AS id FROM product ORDER BY md5(id::text) LIMIT 500',
    )
    const images = await pool.query<{ id: string }>('SELECT id FROM image')
    return { productIds: products.rows.map((row) => row.id), imageIds: images.rows.map((row) => row.id) }
  } finally {
    await pool.end()
  }
}

async function measure(product: RunningProduct, databaseUrl: string): Promise<BenchRow[]> {
  const catalogue = product.processes.find((running) => running.name === 'catalogue')!.slice
  const size = `${PRODUCTS.toLocaleString('en-IN')} products`
  await createProducts(product, CREATED)
  const { productIds, imageIds } = await sampleIds(databaseUrl)
  const idle = memoryRows(catalogue.pid, 'idle', size)
  const cpuBefore = cpuMs(catalogue.pid)
  const result = await autocannon({
    url: product.api,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: readRequests(productIds, imageIds),
  })
  const cpuPerRequest = (cpuMs(catalogue.pid) - cpuBefore) / result.requests.total
  const failed = result.errors + result.timeouts + result.non2xx
  console.log(
    `load: ${result.requests.total} requests in ${SECONDS} s (${result.requests.average.toFixed(0)}/s), ` +
      `p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, ${failed} failed`,
  )
  return [
    ...idle,
    ...memoryRows(catalogue.pid, 'after the load', size),
    info('catalogue CPU per read request under the load', cpuPerRequest, 'ms'),
    info('read requests p50 via the gateway', result.latency.p50, 'ms'),
    atMost('read requests failed', failed, 'requests', 0),
  ]
}

/** The catalogue's memory on 100,000 products; run alone with `npx tsx bench/memory.bench.ts`. */
export async function run(): Promise<BenchRow[]> {
  let catalogueUrl = ''
  const product = await startProduct({
    tag: 'memory',
    services: ['identity', 'catalogue'],
    prepareDatabase: async (name, databaseUrl) => {
      if (name !== 'catalogue') return
      catalogueUrl = databaseUrl
      await applyMigrations(catalogueDir, databaseUrl, createLogger('bench', 'warn'))
      await insertSyntheticCatalogue(databaseUrl, PRODUCTS)
    },
    envFor: (name): Record<string, string> =>
      name === 'catalogue' && process.env.BENCH_MEMORY_ENV
        ? Object.fromEntries(
            process.env.BENCH_MEMORY_ENV.split(' ').map((pair) => pair.split('=') as [string, string]),
          )
        : {},
    nodeArgsFor: (name) =>
      name === 'catalogue' ? (process.env.BENCH_MEMORY_NODE_ARGS?.split(' ').filter(Boolean) ?? []) : [],
  })
  try {
    return await measure(product, catalogueUrl)
  } finally {
    await product.stop()
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('memory (catalogue, 100,000 products)', run)
