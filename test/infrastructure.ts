import path from 'node:path'
import { findOrStartPostgres, findOrStartRabbit } from '../scripts/infra'

const REPO = path.resolve(import.meta.dirname, '..')
const DATA_DIR = path.join(REPO, '.data')

export type TestInfrastructure = {
  pgAdminUrl: string
  amqpUrl: string
  description: string
  stop: () => Promise<void>
}

export async function chooseTestInfrastructure(): Promise<TestInfrastructure> {
  if (process.env.DATABASE_URL && process.env.AMQP_URL) {
    return {
      pgAdminUrl: process.env.DATABASE_URL,
      amqpUrl: process.env.AMQP_URL,
      description: 'DATABASE_URL and AMQP_URL from the environment',
      stop: async () => {},
    }
  }
  if (process.env.TESTCONTAINERS !== '0' && (await dockerEngineAnswers())) {
    // An engine that cannot pull the images (no registry reachable) is no reason to fail: local servers do.
    try {
      return await startContainers()
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
      console.warn(
        `[tests] testcontainers could not start PostgreSQL and RabbitMQ (${reason}); using local servers`,
      )
    }
  }
  // Local servers, started when installed but down (and PostgreSQL embedded under .data/ as a last resort).
  const log = (message: string) => console.log(`[tests] ${message}`)
  const postgres = await findOrStartPostgres({ allowEmbedded: true, dataDir: DATA_DIR, log })
  const rabbit = await findOrStartRabbit({ composeFile: path.join(REPO, 'docker-compose.yml'), log })
  return {
    pgAdminUrl: postgres.adminUrl,
    amqpUrl: rabbit.url,
    description: `PostgreSQL (${postgres.source}) and RabbitMQ (${rabbit.source})`,
    stop: async () => {
      await rabbit.stop()
      await postgres.stop()
    },
  }
}

// testcontainers' runtime probe fails within milliseconds when no engine answers.
async function dockerEngineAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers')
    await getContainerRuntimeClient()
    return true
  } catch {
    return false
  }
}

async function startContainers(): Promise<TestInfrastructure> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql')
  const { RabbitMQContainer } = await import('@testcontainers/rabbitmq')
  const [pgStarted, mqStarted] = await Promise.allSettled([
    new PostgreSqlContainer('postgres:15-alpine').start(),
    new RabbitMQContainer('rabbitmq:3.13-alpine').start(),
  ])
  if (pgStarted.status === 'rejected' || mqStarted.status === 'rejected') {
    // The one that did start is not left running.
    await Promise.allSettled(
      [pgStarted, mqStarted].map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)),
    )
    throw pgStarted.status === 'rejected' ? pgStarted.reason : (mqStarted as PromiseRejectedResult).reason
  }
  const pgc = pgStarted.value
  const mq = mqStarted.value
  return {
    pgAdminUrl: pgc.getConnectionUri(),
    amqpUrl: mq.getAmqpUrl(),
    description: 'testcontainers (postgres:15-alpine, rabbitmq:3.13-alpine)',
    stop: async () => {
      await Promise.all([pgc.stop(), mq.stop()])
    },
  }
}
