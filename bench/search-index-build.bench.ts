/**
 * The catalogue's search index built from a whole catalogue, as a restart builds it before the service
 * answers (ProductSearchIndex.load: pages of products, then the sort orders and trigram posting lists):
 * the index's own share of "catalogue ready to serve search after a restart" (issue 35: ≤ 30 s at
 * 1,000,000 products), without PostgreSQL. The entries are made first, so only the build is timed. Its
 * memory is bench:memory's (the service's resident memory).
 *
 *   npx tsx --expose-gc bench/search-index-build.bench.ts        (BENCH_PRODUCTS, default 1,000,000)
 */
import { randomUUID } from 'node:crypto'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { ingredientsText } from '../services/catalogue/src/domain/search'
import type { SearchEntry } from '../services/catalogue/src/search/product-search-index'
import { ProductSearchIndex } from '../services/catalogue/src/search/product-search-index'
import { syntheticProducts } from './fixtures/synthetic-catalogue'
import { type BenchRow, info, runAlone } from './lib/report'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000)
const PAGE = 5_000

function entries(count: number): SearchEntry[] {
  const made: SearchEntry[] = []
  const start = Date.UTC(2024, 0, 1)
  for (const p of syntheticProducts(count))
    made.push({
      id: randomUUID(),
      name: p.name,
      categoryKey: p.category.toLowerCase(),
      pricePaise: p.pricePaise,
      createdAt: start + 60_000 * made.length,
      ingredients: ingredientsText(p.composition, p.keyIngredients) || undefined,
    })
  return made
}

async function* pagesOf(all: SearchEntry[]): AsyncGenerator<SearchEntry[]> {
  for (let i = 0; i < all.length; i += PAGE) yield all.slice(i, i + PAGE)
}

const gc = () => (globalThis as { gc?: () => void }).gc?.()

export async function run(): Promise<BenchRow[]> {
  const all = entries(PRODUCTS)
  gc()
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const index = await ProductSearchIndex.load(pagesOf(all))
  const wall = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  const found = index.search({ q: 'paracetamol', sort: 'name', offset: 0, limit: 24, countCap: 5000 })
  if (found.ids.length === 0) throw new Error('the built index found no paracetamol')
  const n = PRODUCTS.toLocaleString('en-IN')
  return [
    info(`search index built from ${n} products: wall time`, Math.round(wall), 'ms'),
    info(
      `search index built from ${n} products: CPU (user + system)`,
      Math.round((cpu.user + cpu.system) / 1000),
      'ms',
    ),
  ]
}

if (invokedDirectly(import.meta.url)) await runAlone('search-index-build', run)
