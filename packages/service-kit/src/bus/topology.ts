import type { Channel } from 'amqplib'

/**
 * The names of the bus. Production uses the plain names; a namespace (BUS_NAMESPACE) gives a test run its
 * own exchanges and queues, so concurrent runs and a running `npm start` never take each other's events.
 */
export type BusNames = {
  events: string
  retry: string
  dead: string
  /** Namespaced exchanges go away by themselves once their queues are deleted. */
  transient: boolean
  queues: (consumer: string) => { main: string; retry: string; dead: string }
}

export function busNames(namespace = ''): BusNames {
  const ns = namespace ? `${namespace}.` : ''
  return {
    events: `${ns}medstore.events`,
    retry: `${ns}medstore.retry`,
    dead: `${ns}medstore.dead`,
    transient: namespace !== '',
    queues: (consumer) => ({
      main: `${ns}${consumer}.events`,
      retry: `${ns}${consumer}.events.retry`,
      dead: `${ns}${consumer}.events.dead`,
    }),
  }
}

export async function assertEventsExchange(channel: Channel, names: BusNames): Promise<void> {
  await channel.assertExchange(names.events, 'topic', { durable: true, autoDelete: names.transient })
}

/**
 * A consumer's queues. A rejected message dead-letters to `<c>.events.retry`, waits there retryDelayMs,
 * and dead-letters back to `<c>.events` (RabbitMQ counts the rounds in x-death). After the last attempt
 * the consumer itself moves it to `<c>.events.dead`, where it stays for a person to inspect.
 */
export async function assertConsumerTopology(
  channel: Channel,
  names: BusNames,
  consumer: string,
  eventTypes: string[],
  retryDelayMs: number,
): Promise<void> {
  const q = names.queues(consumer)
  const exchangeOptions = { durable: true, autoDelete: names.transient }
  await assertEventsExchange(channel, names)
  await channel.assertExchange(names.retry, 'direct', exchangeOptions)
  await channel.assertExchange(names.dead, 'direct', exchangeOptions)
  await channel.assertQueue(q.main, {
    durable: true,
    arguments: { 'x-dead-letter-exchange': names.retry, 'x-dead-letter-routing-key': consumer },
  })
  await channel.assertQueue(q.retry, {
    durable: true,
    arguments: {
      'x-message-ttl': retryDelayMs,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': q.main,
    },
  })
  await channel.assertQueue(q.dead, { durable: true })
  await channel.bindQueue(q.retry, names.retry, consumer)
  await channel.bindQueue(q.dead, names.dead, consumer)
  for (const type of eventTypes) await channel.bindQueue(q.main, names.events, type)
}
