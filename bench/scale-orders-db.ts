/**
 * The order service's database alone at one size of the scale store (bench/fixtures/scale-data.ts), kept
 * for profiling its reads with EXPLAIN (ANALYZE, BUFFERS) without building every service's data:
 *
 *   npm run bench:scale-orders -- 1000000       builds (or rebuilds) bench_scale_orders_1000000
 *   BENCH_DROP=1 npm run bench:scale-orders -- 1000000   drops it
 *
 * Prints the database's URL; `now` is the build time (the newest orders are minutes old).
 */

import { pgConfigFromUrl } from '@medstore/service-kit/prisma'
import pg from 'pg'
import { fillScaleDatabase } from './fixtures/scale-data'
import { scaleOf } from './fixtures/scale-model'
import { BENCH_PG } from './lib/infra'

const size = Number(process.argv[2] ?? 1_000_000)
if (!(size > 0)) throw new Error('usage: tsx bench/scale-orders-db.ts <orders>')
const name = `bench_scale_orders_${size}`
const admin = new pg.Client(pgConfigFromUrl(BENCH_PG))
await admin.connect()
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
if (!process.env.BENCH_DROP) {
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(BENCH_PG)
  url.pathname = `/${name}`
  const started = Date.now()
  await fillScaleDatabase('order', url.toString(), scaleOf(size), Date.now())
  console.log(`${url} built in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}
await admin.end()
