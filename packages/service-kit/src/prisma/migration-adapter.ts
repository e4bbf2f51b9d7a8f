import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { pgConfigFromUrl } from './pg-url'

/*
 * Prisma 6.19 runs migrations offline only with `engine: 'js'`, i.e. the bundled wasm schema engine
 * talking through this driver adapter. The adapter has two bugs that stop migrations, worked around
 * here once for every service:
 *
 * 1. prisma/orm#27403: the schema engine introspects pg_catalog, whose columns use internal types
 *    (name, "char", oid, regclass, ...) that the adapter refuses to deserialize
 *    ("Column type 'name' could not be deserialized"). We report them as text / text[].
 * 2. The built-in connectToShadowDb reuses the connectionString (so pg ignores the database override and
 *    the "shadow" is the main database) and drops the shadow before closing its pool. We create and
 *    drop our own throw-away database with discrete options instead.
 */

const TEXT_OID = 25
const TEXT_ARRAY_OID = 1009
const CATALOG_SCALAR_OIDS = new Set([18, 19, 22, 24, 30, 194, 1033, 2205, 2206])
const CATALOG_ARRAY_OIDS = new Set([1002, 1003, 1034])

type Field = { dataTypeID: number }
type QueryResult = { fields: Field[] }
type PerformIO = (this: unknown, query: unknown) => Promise<QueryResult>
type PatchableProto = { performIO: PerformIO; __catalogTypesPatched?: boolean }

function patchCatalogTypes(adapter: object): void {
  // PgQueryable is not exported; it is the grandparent prototype of the adapter instance and the
  // parent of transactions, so patching it once covers both.
  const proto = Object.getPrototypeOf(Object.getPrototypeOf(adapter)) as PatchableProto
  if (proto.__catalogTypesPatched) return
  const original = proto.performIO
  proto.performIO = async function (this: unknown, query: unknown) {
    const result = await original.call(this, query)
    for (const field of result?.fields ?? []) {
      if (CATALOG_SCALAR_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID
      else if (CATALOG_ARRAY_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_ARRAY_OID
    }
    return result
  }
  proto.__catalogTypesPatched = true
}

/** Driver adapter factory for the Prisma CLI (migrate, db push, studio). */
export function migrationAdapter(url: string, shadowUrl?: string) {
  const factory = new PrismaPg(pgConfigFromUrl(url))
  const connect = factory.connect.bind(factory)
  factory.connect = async () => {
    const adapter = await connect()
    patchCatalogTypes(adapter)
    return adapter
  }
  factory.connectToShadowDb = async () => {
    if (shadowUrl) return new PrismaPg(pgConfigFromUrl(shadowUrl)).connect()
    const admin = new pg.Client(pgConfigFromUrl(url))
    await admin.connect()
    const database = `prisma_shadow_${process.pid}_${Date.now()}`
    await admin.query(`CREATE DATABASE "${database}"`)
    const shadowPool = new pg.Pool({ ...pgConfigFromUrl(url), database })
    const shadow = await new PrismaPg(shadowPool).connect()
    patchCatalogTypes(shadow)
    const dispose = shadow.dispose.bind(shadow)
    shadow.dispose = async () => {
      await dispose()
      await shadowPool.end()
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
      await admin.end()
    }
    return shadow
  }
  return factory
}
