import type { Channel } from 'amqplib'

export const EVENTS_EXCHANGE = 'medstore.events'
export const RETRY_EXCHANGE = 'medstore.retry'
export const DEAD_EXCHANGE = 'medstore.dead'

export const queueNames = (consumer: string) => ({
  main: `${consumer}.events`,
  retry: `${consumer}.events.retry`,
  dead: `${consumer}.events.dead`,
})

export async function assertEventsExchange(channel: Channel): Promise<void> {
  await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
}

/**
 * A consumer's queues. A rejected message dead-letters to `<c>.events.retry`, waits there retryDelayMs,
 * and dead-letters back to `<c>.events` (RabbitMQ counts the rounds in x-death). After the last attempt
 * the consumer itself moves it to `<c>.events.dead`, where it stays for a person to inspect.
 */
export async function assertConsumerTopology(
  channel: Channel,
  consumer: string,
  eventTypes: string[],
  retryDelayMs: number,
): Promise<void> {
  const q = queueNames(consumer)
  await assertEventsExchange(channel)
  await channel.assertExchange(RETRY_EXCHANGE, 'direct', { durable: true })
  await channel.assertExchange(DEAD_EXCHANGE, 'direct', { durable: true })
  await channel.assertQueue(q.main, {
    durable: true,
    arguments: { 'x-dead-letter-exchange': RETRY_EXCHANGE, 'x-dead-letter-routing-key': consumer },
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
  await channel.bindQueue(q.retry, RETRY_EXCHANGE, consumer)
  await channel.bindQueue(q.dead, DEAD_EXCHANGE, consumer)
  for (const type of eventTypes) await channel.bindQueue(q.main, EVENTS_EXCHANGE, type)
}
