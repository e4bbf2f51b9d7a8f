/**
 * The catalogue search, design against design, on the same synthetic catalogue (100,000 products) and
 * the same terms, 10 clients at once, measured without HTTP so only the search itself is compared:
 *  - ILIKE '%q%' on the trigram index, paged and counted as the catalogue did before issue 16;
 *  - PostgreSQL full-text search: a generated tsvector column on the name with a GIN index, each word of
 *    the search a prefix ('parac:*'), paged and counted the same way;
 *  - the catalogue's in-process index (services/catalogue/src/search/product-search-index.ts), plus the
 *    one query that reads a page's rows by id.
 * Prints requests/s and the CPU per search of this process and of the PostgreSQL backends (/proc), and
 * the memory the in-process index takes. Full-text prefix search does not find what ILIKE found in the
 * middle of a word ('cetamol'), nor a misspelling; the matches column shows how far the answers differ.
 * Run: npx tsx --expose-gc bench/catalogue-search-designs.bench.ts   (BENCH_PRODUCTS, BENCH_LOAD_SECONDS)
 */
import { randomBytes } from 'node:crypto'
import { availableParallelism, loadavg } from 'node:os'
import { startService } from '@medstore/service-kit'
import { createPool, pgConfigFromUrl, withDatabase } from '@medstore/service-kit/prisma'
import pg from 'pg'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { COLUMNS } from '../services/catalogue/src/data/products'
import { allSearchEntries, productsInOrder } from '../services/catalogue/src/data/search-reads'
import { ProductSearchIndex } from '../services/catalogue/src/search/product-search-index'
import { catalogueService } from '../services/catalogue/src/service'
import { insertSyntheticCatalogue } from './fixtures/synthetic-catalogue'
import { BENCH_AMQP, BENCH_PG } from './lib/infra'
import { cpuMs } from './lib/proc'
import { type BenchRow, info, runAlone } from './lib/report'
import { SHOPPER_SEARCH_TERMS } from './lib/search-terms'

const PG = BENCH_PG
const AMQP = BENCH_AMQP
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 8)
const CLIENTS = 10
const CAP = 5_000
// The shoppers' terms, and a fragment from inside a word (which a word-prefix search cannot find).
const TERMS = [...SHOPPER_SEARCH_TERMS, 'cetamol']

/** The pre-issue-16 page query (data/products.ts pageProducts), with the match condition swapped in. */
const pageSql = (condition: string) => `
  WITH hits AS MATERIALIZED (SELECT p.id, p.name FROM product p WHERE ${condition} LIMIT ${CAP + 1}),
  counted AS (SELECT count(*)::int AS n FROM hits),
  paged AS (SELECT p.id FROM hits p WHERE (SELECT n FROM counted) <= ${CAP} ORDER BY p.name, p.id LIMIT 24)
  SELECT counted.n AS total, ${COLUMNS} FROM counted
  LEFT JOIN (paged JOIN product p ON p.id = paged.id JOIN category c ON c.id = p.category_id) ON true
  ORDER BY p.name, p.id`
const walkSql = (condition: string) =>
  `SELECT ${COLUMNS} FROM product p JOIN category c ON c.id = p.category_id WHERE ${condition} ORDER BY p.name, p.id LIMIT 24`

type Search = (pool: pg.Pool, term: string) => Promise<number>

/** One page the way pageProducts did it: capped count and page in one statement, the walk when capped. */
const sqlDesign =
  (condition: string, param: (term: string) => string): Search =>
  async (pool, term) => {
    const { rows } = await pool.query<{ total: number }>(pageSql(condition), [param(term)])
    const n = rows[0]?.total ?? 0
    if (n > CAP) await pool.query(walkSql(condition), [param(term)])
    return n
  }

const ilike = sqlDesign('p.name ILIKE $1', (t) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
const prefixQuery = (t: string) =>
  t
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => `${w}:*`)
    .join(' & ') || 'nothing_at_all'
const fullText = sqlDesign(`p.name_tsv @@ to_tsquery('simple', $1)`, prefixQuery)

async function measure(
  label: string,
  dbName: string,
  admin: pg.Client,
  work: (term: string) => Promise<unknown>,
) {
  const backends = async () =>
    (
      await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName])
    ).rows.map((r) => r.pid)
  const pgBefore = new Map((await backends()).map((pid) => [pid, cpuMs(pid)]))
  const nodeBefore = process.cpuUsage()
  const deadline = Date.now() + LOAD_SECONDS * 1000
  let done = 0
  let next = 0
  const latencies: number[] = []
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now()
        await work(TERMS[next++ % TERMS.length]!)
        latencies.push(performance.now() - started)
        done++
      }
    }),
  )
  const node = process.cpuUsage(nodeBefore)
  const pgMs = (await backends()).reduce((sum, pid) => sum + cpuMs(pid) - (pgBefore.get(pid) ?? 0), 0)
  latencies.sort((a, b) => a - b)
  const result = {
    rps: done / LOAD_SECONDS,
    p95: latencies[Math.ceil(0.95 * latencies.length) - 1] ?? Number.NaN,
    nodeMs: (node.user + node.system) / 1000 / done,
    pgMs: pgMs / done,
  }
  console.log(
    `  ${label.padEnd(34)} ${result.rps.toFixed(0).padStart(6)} searches/s  p95 ${result.p95.toFixed(1).padStart(6)} ms  CPU per search: node ${result.nodeMs.toFixed(2)} ms + PostgreSQL ${result.pgMs.toFixed(2)} ms`,
  )
  return result
}

export async function run(): Promise<BenchRow[]> {
  const dbName = `bench_designs_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client(pgConfigFromUrl(PG))
  await admin.connect()
  await admin.query(`CREATE DATABASE "${dbName}"`)
  const url = withDatabase(PG, dbName)
  const pool = createPool(url, CLIENTS)
  try {
    // Migrate with the catalogue itself, then fill and add the full-text column and index.
    await (
      await startService(catalogueService, {
        PORT: '0',
        DATABASE_URL: url,
        AMQP_URL: AMQP,
        BUS_NAMESPACE: dbName,
        SEED_DEMO_CATALOGUE: 'false',
        LOG_LEVEL: 'warn',
      })
    ).stop()
    await insertSyntheticCatalogue(url, PRODUCTS)
    const ddl = performance.now()
    await pool.query(`ALTER TABLE product ADD COLUMN name_tsv tsvector
      GENERATED ALWAYS AS (to_tsvector('simple', name)) STORED`)
    await pool.query('CREATE INDEX product_name_tsv_idx ON product USING gin (name_tsv)')
    await pool.query('VACUUM ANALYZE product')
    console.log(
      `${PRODUCTS.toLocaleString('en-IN')} products; full-text column and index added in ${((performance.now() - ddl) / 1000).toFixed(1)} s`,
    )
    console.log(
      `machine: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the start`,
    )

    global.gc?.()
    const heapBefore = process.memoryUsage().heapUsed
    const built = performance.now()
    const index = await ProductSearchIndex.load(allSearchEntries(pool))
    const buildMs = performance.now() - built
    global.gc?.()
    const indexMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20
    console.log(
      `in-process index: loaded and built in ${buildMs.toFixed(0)} ms, ${global.gc ? `${indexMb.toFixed(0)} MB of heap` : 'heap size needs --expose-gc'}`,
    )

    console.log('\nmatches per term (ILIKE / full-text prefix / in-process):')
    for (const term of TERMS) {
      const a = await ilike(pool, term)
      const b = await fullText(pool, term)
      const c = index.search({ q: term, sort: 'name', offset: 0, limit: 24, countCap: CAP }).total
      console.log(
        `  ${term.padEnd(16)} ${String(a).padStart(5)} ${String(b).padStart(5)} ${String(c).padStart(5)}`,
      )
    }

    console.log(
      `\n${CLIENTS} clients for ${LOAD_SECONDS} s each, terms in turn, one page of 24 with its capped count:`,
    )
    const before = await measure('ILIKE + trigram index (before)', dbName, admin, (t) => ilike(pool, t))
    const fts = await measure('full-text prefix + GIN', dbName, admin, (t) => fullText(pool, t))
    const memory = await measure('in-process index + rows by id', dbName, admin, (t) =>
      productsInOrder(pool, index.search({ q: t, sort: 'name', offset: 0, limit: 24, countCap: CAP }).ids),
    )
    const cpu = (r: typeof before) => r.nodeMs + r.pgMs
    return [
      info('search CPU per request, ILIKE + trigram (before)', cpu(before), 'ms'),
      info('search CPU per request, full-text prefix', cpu(fts), 'ms'),
      info('search CPU per request, in-process index', cpu(memory), 'ms'),
      info('in-process index build', buildMs, 'ms'),
      ...(global.gc ? [info('in-process index heap', indexMb, 'MB')] : []),
    ]
  } finally {
    await pool.end()
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)
    await admin.end()
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('catalogue search designs', run)
