import pg from 'pg'
import { fillScaleDatabase } from './fixtures/scale-data'
import { scaleOf } from './fixtures/scale-model'

const n = Number(process.argv[2])
const services = process.argv[3]!.split(',')
const admin = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres')
await admin.connect()
const now = Date.now()
for (const s of services) {
  const db = `h35scale_${s}_${n}`
  await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${db}`)
  await fillScaleDatabase(s as never, `postgres://postgres@127.0.0.1:5432/${db}`, scaleOf(n), now)
}
await admin.end()
