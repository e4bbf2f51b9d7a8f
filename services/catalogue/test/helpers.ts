import { randomBytes } from 'node:crypto'
import { INTERNAL_TOKEN_HEADER } from '@medstore/contracts/stock'
import { busNames } from '@medstore/service-kit'
import {
  eventRecorder,
  httpRequest,
  startTestService,
  startTokenIssuer,
  type TestRequest,
  type TestService,
} from '@medstore/service-kit/testing'
import sharp from 'sharp'
import type { CatalogueConfig } from '../src/config'
import type { PrismaClient } from '../src/generated/prisma/client'
import { catalogueService } from '../src/service'

export type Catalogue = TestService<PrismaClient, CatalogueConfig>
export type Issuer = Awaited<ReturnType<typeof startTokenIssuer>>

export const PUBLIC_API_URL = 'http://api.test:8080'

/** The internal API's secret every test catalogue is started with, and the header that carries it. */
export const INTERNAL_TOKEN = randomBytes(32).toString('hex')
export const internalHeaders = { [INTERNAL_TOKEN_HEADER]: INTERNAL_TOKEN }

/**
 * The catalogue on a throw-away database, with a token issuer; the demo seed only when asked. `definition`
 * runs a variant of the service (e.g. with another database client).
 */
export async function startCatalogue(
  options: { seed?: boolean; env?: Record<string, string>; definition?: typeof catalogueService } = {},
) {
  const issuer = await startTokenIssuer()
  // Our own bus namespace, so the recorder is listening before the service publishes its first event.
  const namespace = `t_cat_${randomBytes(4).toString('hex')}`
  const events = await eventRecorder(busNames(namespace))
  const service = (await startTestService(options.definition ?? catalogueService, {
    JWKS_URL: issuer.jwksUrl,
    PUBLIC_API_URL,
    SEED_DEMO_CATALOGUE: options.seed ? 'true' : 'false',
    BUS_NAMESPACE: namespace,
    INTERNAL_TOKEN,
    ...options.env,
  })) as Catalogue
  const close = async () => {
    await events.close()
    await service.close()
    await issuer.close()
  }
  return { service, issuer, events, close, api: apiClient(service.url) }
}

/** fetch against a base URL with an optional bearer token; JSON bodies are encoded. */
export const apiClient =
  (base: string) =>
  (path: string, init: TestRequest = {}) =>
    httpRequest(`${base}${path}`, init)

/** A small real image in each accepted format. */
export async function sampleImage(format: 'png' | 'jpeg' | 'gif' | 'webp', width = 800, height = 600) {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 140, b: 90 } } })
  return base.toFormat(format).toBuffer()
}

export function productForm(
  fields: Record<string, string | number | boolean>,
  image?: { bytes: Buffer; name?: string; type?: string },
) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v))
  if (image)
    form.append(
      'image',
      new Blob([new Uint8Array(image.bytes)], { type: image.type ?? 'image/png' }),
      image.name ?? 'photo.png',
    )
  return form
}
