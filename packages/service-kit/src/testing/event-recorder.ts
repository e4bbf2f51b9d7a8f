import amqp from 'amqplib'
import type { EventEnvelope } from '../bus/envelope'
import { assertEventsExchange, type BusNames } from '../bus/topology'
import { testInfra } from './infra'

/** Records every event published on a test bus (an exclusive queue bound to all routing keys). */
export async function eventRecorder(bus: BusNames) {
  const connection = await amqp.connect(testInfra().amqpUrl)
  const channel = await connection.createChannel()
  await assertEventsExchange(channel, bus)
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
