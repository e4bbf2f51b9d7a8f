import { randomBytes } from 'node:crypto'
import { type BusNames, busNames, type EventEnvelope } from '@medstore/service-kit'
import {
  startTestService,
  startTokenIssuer,
  type TestService,
  testInfra,
} from '@medstore/service-kit/testing'
import amqp from 'amqplib'
import sharp from 'sharp'
import type { CatalogueConfig } from '../src/config'
import type { PrismaClient } from '../src/generated/prisma/client'
import { catalogueService } from '../src/service'

export type Catalogue = TestService<PrismaClient, CatalogueConfig>
export type Issuer = Awaited<ReturnType<typeof startTokenIssuer>>

export const PUBLIC_API_URL = 'http://api.test:8080'

/** The catalogue on a throw-away database, with a token issuer; the demo seed only when asked. */
export async function startCatalogue(options: { seed?: boolean; env?: Record<string, string> } = {}) {
  const issuer = await startTokenIssuer()
  // Our own bus namespace, so the recorder is listening before the service publishes its first event.
  const namespace = `t_cat_${randomBytes(4).toString('hex')}`
  const events = await eventRecorder(busNames(namespace))
  const service = (await startTestService(catalogueService, {
    JWKS_URL: issuer.jwksUrl,
    PUBLIC_API_URL,
    SEED_DEMO_CATALOGUE: options.seed ? 'true' : 'false',
    BUS_NAMESPACE: namespace,
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
export function apiClient(base: string) {
  return async (
    path: string,
    init: {
      method?: string
      token?: string
      json?: unknown
      form?: FormData
      headers?: Record<string, string>
    } = {},
  ) => {
    const headers: Record<string, string> = { ...init.headers }
    if (init.token) headers.authorization = `bearer ${init.token}`
    let body: BodyInit | undefined
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(init.json)
    } else if (init.form) body = init.form
    const res = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body })
    const text = await res.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
    return { status: res.status, headers: res.headers, body: json as any, text }
  }
}

/** Records every event the service publishes (an exclusive queue on its namespaced exchange). */
export async function eventRecorder(bus: BusNames) {
  const connection = await amqp.connect(testInfra().amqpUrl)
  const channel = await connection.createChannel()
  await channel.assertExchange(bus.events, 'topic', { durable: true, autoDelete: bus.transient })
  const { queue } = await channel.assertQueue('', { exclusive: true })
  await channel.bindQueue(queue, bus.events, '#')
  const received: EventEnvelope[] = []
  await channel.consume(queue, (msg) => msg && received.push(JSON.parse(msg.content.toString())), {
    noAck: true,
  })
  return {
    received,
    ofType: (type: string) => received.filter((e) => e.type === type),
    /** Waits until `predicate` holds for the events received so far. */
    async until(predicate: (events: EventEnvelope[]) => boolean, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs
      while (!predicate(received)) {
        if (Date.now() > deadline)
          throw new Error(`events not received in time; have ${received.map((e) => e.type)}`)
        await new Promise((r) => setTimeout(r, 25))
      }
    },
    close: () => connection.close(),
  }
}

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
