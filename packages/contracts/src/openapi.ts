import { z } from 'zod'
import type { ApiRoute, ErrorStatus } from './api'
import { codeForStatus, ERROR_CODES, type ErrorCode, errorBody } from './errors'

/**
 * The OpenAPI 3.1 document of the API, generated from the route descriptors (the same zod schemas the
 * services validate with), so a route is described once. OpenAPI 3.1 schemas are JSON Schema 2020-12,
 * which is what zod's toJSONSchema produces.
 */
type JsonSchema = Record<string, unknown>
type Operation = Record<string, unknown>
export type OpenApiDocument = {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  servers: Array<{ url: string }>
  tags: Array<{ name: string }>
  paths: Record<string, Record<string, Operation>>
  components: Record<string, Record<string, unknown>>
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  304: 'Not modified (the If-None-Match tag still matches)',
  201: 'Created',
  204: 'No content',
  400: 'Invalid input',
  401: 'No valid token (missing, expired, tampered with or wrongly signed)',
  403: 'Signed in, but not allowed (administrators only)',
  404: 'Not found',
  409: 'Conflict',
  413: 'Request body too large (the gateway refuses any body over 1 MB, 10 MB for product uploads)',
  415: 'Unsupported media type',
  422: 'Unprocessable',
  429: 'Too many requests',
  503: 'The service behind this route is unavailable',
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonSchema
  return rest
}

function parameters(schema: z.ZodObject | undefined, location: 'query' | 'path'): Operation[] {
  if (!schema) return []
  const { properties = {}, required = [] } = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>
    required?: string[]
  }
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property
    return {
      name,
      in: location,
      required: location === 'path' || required.includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    }
  })
}

/** The codes a status answers with when the route names none: its own, and for 400 an unreadable request. */
const defaultCodes = (status: ErrorStatus): ErrorCode[] =>
  status === 400 ? ['validation_failed', 'malformed_request'] : [codeForStatus(status)]

/**
 * A non-JSON success body: text as a string; anything else (a PDF, an image, a file) as raw bytes,
 * `format: binary` as OpenAPI tools read it, with the media type named for JSON Schema 2020-12.
 */
function mediaSchema(mediaType: string) {
  return /^text\//.test(mediaType)
    ? { type: 'string' }
    : { type: 'string', format: 'binary', contentMediaType: mediaType }
}

function operation(route: ApiRoute): Operation {
  const status = route.status ?? 200
  const protectedRoute = route.access !== 'public'
  const responses: Record<string, unknown> = {
    [status]: {
      description: STATUS_TEXT[status] ?? 'Success',
      ...(route.responseHeaders
        ? {
            headers: Object.fromEntries(
              Object.entries(route.responseHeaders).map(([name, description]) => [
                name,
                { description, schema: { type: 'string' } },
              ]),
            ),
          }
        : {}),
      ...(route.response
        ? { content: { 'application/json': { schema: jsonSchema(route.response, 'output') } } }
        : route.mediaType
          ? { content: { [route.mediaType]: { schema: mediaSchema(route.mediaType) } } }
          : {}),
    },
    ...(route.notModified ? { 304: { description: STATUS_TEXT[304] } } : {}),
  }
  const takesInput = Boolean(route.query || route.params || route.body)
  const errors: Record<number, string | undefined> = {
    // Any text field can be refused (NUL, lone surrogates), whatever the route's own rules.
    ...(takesInput ? { 400: STATUS_TEXT[400]! } : {}),
    ...(protectedRoute ? { 401: STATUS_TEXT[401]! } : {}),
    ...(route.access === 'admin' ? { 403: STATUS_TEXT[403]! } : {}),
    // The gateway's body limit applies to every request that may carry a body.
    ...(route.method === 'post' || route.method === 'put' ? { 413: STATUS_TEXT[413]! } : {}),
    ...route.errors,
    503: STATUS_TEXT[503]!,
  }
  for (const [key, description] of Object.entries(errors)) {
    if (!description) continue
    const status = Number(key) as ErrorStatus
    const special = route.errorBodies?.[status]
    const codes = route.errorCodes?.[status] ?? defaultCodes(status)
    responses[key] = {
      description: `${description} (code: ${codes.map((c) => `\`${c}\``).join(' or ')})`,
      content: {
        'application/json': {
          // The body's shape, narrowed to the codes this operation answers with for this status.
          schema: {
            allOf: [
              special ? jsonSchema(special, 'output') : { $ref: '#/components/schemas/Error' },
              { type: 'object', required: ['code'], properties: { code: { enum: codes } } },
            ],
          },
        },
      },
    }
  }
  const headerParameters = Object.entries(route.requestHeaders ?? {}).map(([name, description]) => ({
    name,
    in: 'header',
    required: false,
    description,
    schema: { type: 'string' },
  }))

  const body = route.body
    ? {
        requestBody: {
          required: true,
          content: {
            [route.multipart ? 'multipart/form-data' : 'application/json']: {
              schema: jsonSchema(route.body, 'input'),
            },
          },
        },
      }
    : {}
  return {
    operationId: operationId(route),
    summary: route.summary,
    tags: route.tags,
    'x-access': route.access,
    'x-documented': route.documented,
    ...(protectedRoute ? { security: [{ bearerAuth: [] }] } : {}),
    parameters: [
      ...parameters(route.params, 'path'),
      ...parameters(route.query, 'query'),
      ...headerParameters,
    ],
    ...body,
    responses,
  }
}

/** e.g. "post /auth/sineUp" → "postAuthSineUp"; unique per method and path. */
export function operationId(route: Pick<ApiRoute, 'method' | 'path'>): string {
  const words = route.path.split(/[^A-Za-z0-9]+/).filter(Boolean)
  return route.method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')
}

export function openApiDocument(
  routes: ApiRoute[],
  options: { serverUrl: string; version?: string; description?: string },
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {}
  const tags = new Set<string>()
  for (const route of routes) {
    paths[route.path] ??= {}
    paths[route.path]![route.method] = operation(route)
    for (const tag of route.tags) tags.add(tag)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Medicine Store API',
      version: options.version ?? '1.0.0',
      description:
        options.description ??
        'The single API host of the Medicine Store. Errors are `{ message, code, errors? }`: branch on the stable `code` (each operation lists its codes per status), show the `message`. Send `Authorization: bearer <token>` (from sign-up or sign-in) on protected routes.',
    },
    servers: [{ url: options.serverUrl }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        Error: {
          ...jsonSchema(errorBody, 'output'),
          description: `The error answer. Codes: ${Object.entries(ERROR_CODES)
            .map(([code, meaning]) => `\`${code}\`: ${meaning}`)
            .join('; ')}.`,
        },
      },
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  }
}
