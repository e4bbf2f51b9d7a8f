import type { ConfirmChannel } from 'amqplib'
import type { BusNames } from './topology'

/** Headers that count or explain earlier failures: a replayed event starts its retries afresh. */
const FAILURE_HEADERS = ['x-death', 'x-first-death-exchange', 'x-first-death-queue', 'x-first-death-reason']

/**
 * Moves the events parked in `<consumer>.events.dead` back to `<consumer>.events`, once the cause is fixed.
 * Only the messages waiting when it starts are moved (an event that fails again is parked again after its
 * retries, not replayed in a loop). Each message is acknowledged on the dead-letter queue only after the
 * broker confirmed its copy on the main queue, so a crash mid-way duplicates at most one event, which the
 * consumer's inbox then skips. Returns how many were moved.
 */
export async function replayDeadLetters(
  channel: ConfirmChannel,
  names: BusNames,
  consumer: string,
): Promise<number> {
  const queues = names.queues(consumer)
  const { messageCount } = await channel.checkQueue(queues.dead)
  let moved = 0
  while (moved < messageCount) {
    const msg = await channel.get(queues.dead, { noAck: false })
    if (!msg) break
    const headers: Record<string, unknown> = { ...msg.properties.headers, 'x-replayed-from': queues.dead }
    for (const name of FAILURE_HEADERS) delete headers[name]
    channel.sendToQueue(queues.main, msg.content, { ...msg.properties, headers, persistent: true })
    await channel.waitForConfirms()
    channel.ack(msg)
    moved++
  }
  return moved
}
