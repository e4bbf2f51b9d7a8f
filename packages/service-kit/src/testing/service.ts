import { randomBytes } from 'node:crypto'
import amqp from 'amqplib'
import type { z } from 'zod'
import type { RawExecutor } from '../bus/outbox'
import type { ServiceEnv } from '../config'
import type { LogDestination } from '../logger'
import { type DbClient, type RunningService, type ServiceDefinition, startService } from '../service'
import { createTestDatabase, type TestDatabase, testInfra } from './infra'

export type TestService<TDb, TConfig> = RunningService<TDb, TConfig> & {
  database: TestDatabase
  /** Stops the service and drops its database. */
  close: () => Promise<void>
}

// One bus namespace per test file (each file runs in its own module scope): the services a file starts
// talk to each other, and to nothing else running on the same broker.
const TEST_BUS_NAMESPACE = `t_${randomBytes(4).toString('hex')}`

/** Boots a service in-process on a random port against a throw-away database and the test broker. */
export async function startTestService<
  TDb extends DbClient,
  TEnv extends z.ZodType<ServiceEnv>,
  TTx extends RawExecutor,
>(
  def: ServiceDefinition<TDb, TEnv, TTx>,
  /** Overrides; a function of the throw-away database when they depend on it (a proxied DATABASE_URL). */
  env:
    | Record<string, string | undefined>
    | ((database: TestDatabase) => Record<string, string | undefined>) = {},
  /** Where the service logs (a test that reads its logs back); LOG_LEVEL in env sets how much. */
  logTo?: LogDestination,
): Promise<TestService<TDb, z.infer<TEnv>>> {
  const database = await createTestDatabase(def.name, def.serviceDir)
  const service = await startService(
    def,
    {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      PORT: '0',
      DATABASE_URL: database.url,
      // Browser tests run six services per shop, two shops at once: PostgreSQL's 100 connections must hold.
      DATABASE_POOL_SIZE: '3',
      AMQP_URL: testInfra().amqpUrl,
      BUS_NAMESPACE: TEST_BUS_NAMESPACE,
      ...(typeof env === 'function' ? env(database) : env),
    },
    logTo,
  )
  return {
    ...service,
    database,
    close: async () => {
      await service.stop()
      await cleanUpBus(service)
      await database.drop()
    },
  }
}

/**
 * Removes the service's queues, and the test namespace's exchanges once nothing is bound to them (an
 * auto-delete exchange that never had a binding would otherwise stay on the broker).
 */
async function cleanUpBus(service: RunningService<unknown, unknown>): Promise<void> {
  const connection = await amqp.connect(testInfra().amqpUrl).catch(() => undefined)
  if (!connection) return
  // One channel per step: a refused step (an exchange still in use) closes its channel, not the clean-up.
  const attempt = async (step: (channel: amqp.Channel) => Promise<unknown>) => {
    const channel = await connection.createChannel()
    channel.on('error', () => undefined)
    await step(channel).catch(() => undefined)
    await channel.close().catch(() => undefined)
  }
  try {
    const q = service.bus.queues(service.name)
    if (service.consumer)
      for (const queue of [q.main, q.retry, q.dead]) await attempt((c) => c.deleteQueue(queue))
    const { events, retry, dead } = service.bus
    for (const exchange of [events, retry, dead])
      await attempt((c) => c.deleteExchange(exchange, { ifUnused: true }))
  } finally {
    await connection.close().catch(() => undefined)
  }
}
