import type { z } from 'zod'
import type { RawExecutor } from '../bus/outbox'
import type { ServiceEnv } from '../config'
import { type DbClient, type RunningService, type ServiceDefinition, startService } from '../service'
import { createTestDatabase, type TestDatabase, testInfra } from './infra'

export type TestService<TDb, TConfig> = RunningService<TDb, TConfig> & {
  database: TestDatabase
  /** Stops the service and drops its database. */
  close: () => Promise<void>
}

/** Boots a service in-process on a random port against a throw-away database and the test broker. */
export async function startTestService<
  TDb extends DbClient,
  TEnv extends z.ZodType<ServiceEnv>,
  TTx extends RawExecutor,
>(
  def: ServiceDefinition<TDb, TEnv, TTx>,
  env: Record<string, string | undefined> = {},
): Promise<TestService<TDb, z.infer<TEnv>>> {
  const database = await createTestDatabase(def.name)
  const service = await startService(def, {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    DATABASE_URL: database.url,
    AMQP_URL: testInfra().amqpUrl,
    ...env,
  })
  return {
    ...service,
    database,
    close: async () => {
      await service.stop()
      await database.drop()
    },
  }
}
