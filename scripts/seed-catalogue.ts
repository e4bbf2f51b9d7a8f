// Fills a catalogue database with a synthetic catalogue for benchmarks (no events are published):
//   npx tsx scripts/seed-catalogue.ts --count 100000 [--database-url postgres://…/medstore_catalogue]
// The database is migrated first if needed. It adds products; it refuses a database that has products
// unless --append is given, so it never mixes synthetic products into a real catalogue by accident.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createLogger } from '@medstore/service-kit'
import { applyMigrations, createPool } from '@medstore/service-kit/prisma'
import { insertSyntheticCatalogue } from '../bench/fixtures/synthetic-catalogue'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    'database-url': { type: 'string' },
    seed: { type: 'string', default: '42' },
    append: { type: 'boolean', default: false },
  },
})
const count = Number(values.count)
const url =
  values['database-url'] ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/medstore_catalogue'
if (!Number.isInteger(count) || count < 1) {
  console.error('--count must be a whole number of products, e.g. 10000 or 100000')
  process.exit(2)
}

await applyMigrations(
  path.resolve(import.meta.dirname, '../services/catalogue'),
  url,
  createLogger('seed', 'warn'),
)
const pool = createPool(url, 1)
const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM product')
await pool.end()
if (rows[0]!.n > 0 && !values.append) {
  console.error(
    `${rows[0]!.n} products exist already in ${new URL(url).pathname.slice(1)}; pass --append to add more`,
  )
  process.exit(1)
}
const ms = await insertSyntheticCatalogue(url, count, Number(values.seed))
console.log(`seed-catalogue: ${count.toLocaleString('en-IN')} products in ${(ms / 1000).toFixed(1)} s`)
