// `npm run dlq:replay -- <service>`: once the cause of a parked event is fixed, moves every event waiting in
// `<service>.events.dead` back to `<service>.events` (packages/service-kit/src/bus/dead-letters.ts).
// Reads AMQP_URL (default: the local broker) and BUS_NAMESPACE (default: none, as in production).
import { SERVICES } from '@medstore/contracts'
import { busNames, replayDeadLetters } from '@medstore/service-kit'
import amqp from 'amqplib'

const service = process.argv[2]
const known = SERVICES.map((s) => s.name as string)
if (!service || !known.includes(service)) {
  console.error(`usage: npm run dlq:replay -- <service>   (one of: ${known.join(', ')})`)
  process.exit(2)
}
const url = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672'
const names = busNames(process.env.BUS_NAMESPACE ?? '')
const { dead, main } = names.queues(service)
const connection = await amqp.connect(url)
try {
  const channel = await connection.createConfirmChannel()
  // The broker closes the channel when a queue is missing; the rejected call below reports it.
  channel.on('error', () => undefined)
  const moved = await replayDeadLetters(channel, names, service)
  console.log(`moved ${moved} event(s) from ${dead} to ${main}`)
} catch (error) {
  const missing = (error as { code?: number }).code === 404
  console.error(
    missing
      ? `no queue ${dead} on this broker: ${service} has never started against it (check AMQP_URL / BUS_NAMESPACE)`
      : `replay failed: ${(error as Error).message}`,
  )
  process.exitCode = 1
} finally {
  await connection.close().catch(() => undefined)
}
