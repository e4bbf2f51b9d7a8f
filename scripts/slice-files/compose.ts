/**
 * docker-compose.yml's parts that follow from the list of services: one entry per service (built from
 * docker/Dockerfile with its directory and port, its own database), the gateway waiting on each and given
 * each one's URL. Everything else in the file (settings, comments, what one service needs beyond the
 * template) is kept as written: the file is read as a YAML document and only those parts are set.
 */
import { SERVICES, serviceDatabase, serviceUrlVariable } from '@medstore/contracts/services'
import { type Document, isMap, isScalar, Pair, parseDocument, Scalar, type YAMLMap } from 'yaml'

type Service = { name: string; port: number }

const databaseUrl = (name: string) =>
  `postgres://postgres:\${POSTGRES_PASSWORD:-medstore-dev}@postgres:5432/${serviceDatabase(name)}`

function mapAt(doc: Document, path: string[]): YAMLMap {
  const node = doc.getIn(path, true)
  if (!isMap(node)) throw new Error(`docker-compose.yml: ${path.join('.')} is not a mapping`)
  return node
}

const quoted = (value: string) => Object.assign(new Scalar(value), { type: Scalar.QUOTE_DOUBLE })

/**
 * A new service's entry: the shape of every service without settings of its own, built as `model` (another
 * service's build, so build settings such as the network follow the file) with its own directory and port.
 */
function serviceEntry(doc: Document, service: Service, model: YAMLMap | undefined): YAMLMap {
  const anchored = (key: string) => doc.createAlias(mapAt(doc, [key]))
  const args = doc.createNode({ SLICE: `services/${service.name}`, PORT: quoted(String(service.port)) })
  args.flow = true
  const build = model
    ? model.clone()
    : (doc.createNode({ context: '.', dockerfile: 'docker/Dockerfile', target: 'node-slice' }) as YAMLMap)
  build.set('args', args)
  const entry = doc.createNode({}) as YAMLMap
  entry.items.push(new Pair(new Scalar('<<'), anchored('x-node-slice')))
  entry.set('build', build)
  entry.set('depends_on', anchored('x-depends-on-infra'))
  const environment = doc.createNode({}) as YAMLMap
  environment.items.push(new Pair(new Scalar('<<'), anchored('x-service-env')))
  environment.set('DATABASE_URL', databaseUrl(service.name))
  entry.set('environment', environment)
  return entry
}

/** Sets `key` in `map` unless it already holds that value (so an unchanged scalar keeps its style). */
function ensure(map: YAMLMap, key: string, value: unknown): void {
  const current = map.get(key, true)
  if (isScalar(current) && current.value === value) return
  map.set(key, value)
}

/** Sets `key`, placing it after `after` when it is new (the file reads in the order of the list). */
function ensureAfter(map: YAMLMap, after: string | undefined, key: string, value: unknown): void {
  if (map.has(key)) {
    ensure(map, key, value)
    return
  }
  const index =
    after === undefined ? -1 : map.items.findIndex((pair) => isScalar(pair.key) && pair.key.value === after)
  map.items.splice(index === -1 ? map.items.length : index + 1, 0, new Pair(new Scalar(key), value))
}

const keyOf = (pair: Pair) => (isScalar(pair.key) ? String(pair.key.value) : '')

/** docker-compose.yml as the list of services makes it (`text` is the committed file). */
export function composeFile(text: string, services: readonly Service[] = SERVICES): string {
  const doc = parseDocument(text, { merge: true })
  const entries = mapAt(doc, ['services'])
  const isServiceEntry = (pair: Pair) => {
    const slice = doc.getIn(['services', keyOf(pair), 'build', 'args', 'SLICE'])
    return typeof slice === 'string' && slice.startsWith('services/')
  }
  // A service no longer listed goes (and the gateway's references to it); a new one comes after the last
  // service, before the gateway.
  const listed = new Set(services.map((service) => service.name))
  const gone = new Set(
    entries.items.filter((pair) => isServiceEntry(pair) && !listed.has(keyOf(pair))).map(keyOf),
  )
  entries.items = entries.items.filter((pair) => !gone.has(keyOf(pair)))
  for (const service of services) {
    if (entries.has(service.name)) {
      const args = mapAt(doc, ['services', service.name, 'build', 'args'])
      ensure(args, 'SLICE', `services/${service.name}`)
      ensure(args, 'PORT', String(service.port))
      ensure(mapAt(doc, ['services', service.name, 'environment']), 'DATABASE_URL', databaseUrl(service.name))
      continue
    }
    const last = entries.items.findLastIndex(isServiceEntry)
    const model = entries.items.find(isServiceEntry)
    const modelBuild = model && doc.getIn(['services', keyOf(model), 'build'], true)
    const key = Object.assign(new Scalar(service.name), { spaceBefore: true })
    entries.items.splice(
      last + 1,
      0,
      new Pair(key, serviceEntry(doc, service, isMap(modelBuild) ? modelBuild : undefined)),
    )
  }

  for (const pair of entries.items) {
    const waitsOn = doc.getIn(['services', keyOf(pair), 'depends_on'], true)
    if (isMap(waitsOn)) waitsOn.items = waitsOn.items.filter((wait) => !gone.has(keyOf(wait)))
  }
  const dependsOn = mapAt(doc, ['services', 'gateway', 'depends_on'])
  const environment = mapAt(doc, ['services', 'gateway', 'environment'])
  const goneUrls = new Set<string>([...gone].map((name) => serviceUrlVariable(name)))
  environment.items = environment.items.filter((pair) => !goneUrls.has(keyOf(pair)))
  services.forEach((service, index) => {
    const previous = services[index - 1]
    const healthy = doc.createNode({ condition: 'service_healthy' })
    healthy.flow = true
    if (!dependsOn.has(service.name)) ensureAfter(dependsOn, previous?.name, service.name, healthy)
    ensureAfter(
      environment,
      previous ? serviceUrlVariable(previous.name) : 'JWKS_URL',
      serviceUrlVariable(service.name),
      `http://${service.name}:${service.port}`,
    )
  })
  return doc.toString({ lineWidth: 0 })
}
