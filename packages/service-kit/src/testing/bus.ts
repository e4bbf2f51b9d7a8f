import { Broker } from '../bus/broker'
import { type EventEnvelope, envelope } from '../bus/envelope'
import { createLogger } from '../logger'
import { testInfra } from './infra'

type BusService = {
  name: string
  bus: { events: string; queues: (consumer: string) => { main: string } }
}

/**
 * Publishes events on a test service's bus as the other services would (routing key = type), once the
 * service's consumer is listening. The envelopes are bare, unchecked: a test may send what a contract
 * refuses, to see the consumer park it.
 */
export async function testPublisher(service: BusService) {
  const broker = await Broker.connect(testInfra().amqpUrl, createLogger('test-publisher', 'silent'))
  const channel = await broker.confirmChannel()
  // The consumer subscribes asynchronously after start; an event published before its queue is bound is lost.
  const queue = service.bus.queues(service.name).main
  await until(async () => {
    const probe = await broker.channel()
    const consumers = await probe.checkQueue(queue).then(
      (q) => q.consumerCount,
      () => 0,
    )
    await probe.close().catch(() => undefined)
    return consumers > 0
  })
  const send = async (event: EventEnvelope) => {
    channel.publish(service.bus.events, event.type, Buffer.from(JSON.stringify(event)), { persistent: true })
    await channel.waitForConfirms()
    return event
  }
  return {
    /** Publishes a new event of this type and returns its envelope. */
    publish: <T>(type: string, data: T, occurredAt?: Date) => {
      const event = envelope(type, data)
      if (occurredAt) event.occurredAt = occurredAt.toISOString()
      return send(event)
    },
    /** Publishes this exact envelope again, as a redelivery would. */
    republish: send,
    close: async () => {
      await channel.close().catch(() => undefined)
      await broker.close()
    },
  }
}

/** Polls until the probe gives something truthy (events are applied asynchronously) and returns it. */
export async function until<T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
