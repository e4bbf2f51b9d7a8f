import { type BusNames, createEvent, type EventEnvelope } from '@medstore/service-kit'
import { testInfra } from '@medstore/service-kit/testing'
import amqp, { type ChannelModel } from 'amqplib'

/** Publishes events on the test file's bus, as the catalogue and order services would. */
export async function eventPublisher(bus: BusNames) {
  const exchange = bus.events
  const connection: ChannelModel = await amqp.connect(testInfra().amqpUrl)
  const channel = await connection.createConfirmChannel()
  await channel.assertExchange(exchange, 'topic', { durable: true, autoDelete: bus.transient })
  return {
    async publish(event: EventEnvelope) {
      channel.publish(exchange, event.type, Buffer.from(JSON.stringify(event)), { persistent: true })
      await channel.waitForConfirms()
      return event
    },
    event: <T>(type: string, data: T, occurredAt?: Date) => {
      const e = createEvent(type, data)
      return occurredAt ? { ...e, occurredAt: occurredAt.toISOString() } : e
    },
    close: () => connection.close(),
  }
}

export async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 25))
  }
}

export function client(baseUrl: string) {
  return async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    })
    const text = await res.text()
    // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected field by field
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any }
  }
}
