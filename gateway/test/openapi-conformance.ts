import { API_ROUTES } from '@medstore/contracts'
import { type OpenApiDocument, openApiDocument } from '@medstore/contracts/openapi'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { gatewayRoutes } from '../src/own-routes'
import type { Exchange } from './support'

/**
 * Checks recorded exchanges against the OpenAPI document the gateway serves: the operation exists, the
 * status is documented, the media type is declared, and a JSON body validates against its schema (ajv,
 * JSON Schema 2020-12). Requests outside every documented operation (e.g. JSON 404s for unknown paths)
 * are not the document's business and are skipped.
 */
const doc: OpenApiDocument = openApiDocument([...API_ROUTES, ...gatewayRoutes], { serverUrl: 'http://test' })
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false })
ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc')

const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method,
    path,
    pattern: new RegExp(
      `^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`,
    ),
    operation: operation as { responses: Record<string, { content?: Record<string, { schema: object }> }> },
  })),
)

const validators = new Map<object, ReturnType<typeof ajv.compile>>()
function validatorFor(schema: object) {
  let validate = validators.get(schema)
  if (!validate) {
    // $refs point into the document's components: resolve them against the schema registered as 'doc'.
    const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'))
    validate = ajv.compile(rebased)
    validators.set(schema, validate)
  }
  return validate
}

const mediaMatches = (declared: string, actual: string) => {
  const [type, subtype] = declared.split('/')
  const [aType, aSubtype] = actual.split('/')
  return type === aType && (subtype === '*' || subtype === aSubtype)
}

/** Why an exchange breaks the document, or undefined when it conforms (or is outside every operation). */
export function conformanceProblem(exchange: Exchange): string | undefined {
  const path = exchange.url.split('?')[0]!
  const method = exchange.method === 'HEAD' ? 'get' : exchange.method.toLowerCase()
  const found = operations.find((o) => o.method === method && o.pattern.test(path))
  if (!found) return undefined
  const label = `${exchange.method} ${exchange.url.slice(0, 120)} → ${exchange.status}`
  const response = found.operation.responses[String(exchange.status)]
  if (!response) return `${label}: status not documented for ${method.toUpperCase()} ${found.path}`
  if (!response.content) return undefined
  const mediaType = exchange.contentType.split(';')[0]!.trim()
  const declared = Object.keys(response.content).find((m) => mediaMatches(m, mediaType))
  if (!declared) return `${label}: media type ${mediaType || '(none)'} not declared`
  if (declared !== 'application/json' || exchange.method === 'HEAD') return undefined
  let body: unknown
  try {
    body = JSON.parse(exchange.body.toString('utf8'))
  } catch {
    return `${label}: body is not JSON`
  }
  const validate = validatorFor(response.content[declared]!.schema)
  if (validate(body)) return undefined
  return `${label}: ${ajv.errorsText(validate.errors)} in ${exchange.body.toString('utf8').slice(0, 300)}`
}
