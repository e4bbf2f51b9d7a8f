import net from 'node:net'

export type TestInfrastructure = {
  pgAdminUrl: string
  amqpUrl: string
  description: string
  stop: () => Promise<void>
}

const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres'
const LOCAL_AMQP = 'amqp://guest:guest@127.0.0.1:5672'

export async function chooseTestInfrastructure(): Promise<TestInfrastructure> {
  if (process.env.DATABASE_URL && process.env.AMQP_URL) {
    return {
      pgAdminUrl: process.env.DATABASE_URL,
      amqpUrl: process.env.AMQP_URL,
      description: 'DATABASE_URL and AMQP_URL from the environment',
      stop: async () => {},
    }
  }
  if (process.env.TESTCONTAINERS !== '0' && (await dockerEngineAnswers())) return startContainers()
  await requirePort(5432, 'PostgreSQL', 'start it (pg_ctlcluster ... start) or set DATABASE_URL')
  await requirePort(5672, 'RabbitMQ', 'start it (rabbitmq-server -detached) or set AMQP_URL')
  return {
    pgAdminUrl: LOCAL_PG,
    amqpUrl: LOCAL_AMQP,
    description: 'local PostgreSQL and RabbitMQ',
    stop: async () => {},
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
  const [pgc, mq] = await Promise.all([
    new PostgreSqlContainer('postgres:15-alpine').start(),
    new RabbitMQContainer('rabbitmq:3.13-alpine').start(),
  ])
  return {
    pgAdminUrl: pgc.getConnectionUri(),
    amqpUrl: mq.getAmqpUrl(),
    description: 'testcontainers (postgres:15-alpine, rabbitmq:3.13-alpine)',
    stop: async () => {
      await Promise.all([pgc.stop(), mq.stop()])
    },
  }
}

function requirePort(port: number, what: string, hint: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.setTimeout(1_000)
    socket.once('connect', () => {
      socket.destroy()
      resolve()
    })
    const fail = () => {
      socket.destroy()
      reject(new Error(`${what} is not answering on 127.0.0.1:${port}: ${hint}`))
    }
    socket.once('error', fail)
    socket.once('timeout', fail)
  })
}
