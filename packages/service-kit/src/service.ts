import type { AddressInfo } from 'node:net'
import type { PrismaPg } from '@prisma/adapter-pg'
import type { Router } from 'express'
import type pg from 'pg'
import type { z } from 'zod'
import { JwksKeyStore } from './auth/jwks'
import { type AuthMiddleware, authMiddleware } from './auth/middleware'
import { createTokenVerifier, type KeyResolver } from './auth/verifier'
import { Broker } from './bus/broker'
import { EventConsumer, type EventHandlerEntry, type TransactionRunner } from './bus/consumer'
import type { RawExecutor } from './bus/outbox'
import { OutboxRelay } from './bus/relay'
import { ensureEventStore } from './bus/store'
import { type BusNames, busNames } from './bus/topology'
import { ConfigError, loadConfig, type ServiceEnv, serviceEnv } from './config'
import type { ReadinessCheck } from './health'
import { createApp } from './http/app'
import { expressServer } from './http/express-server'
import { servedRoutes } from './http/served-routes'
import { exitOnSignals, shutdownGracefully } from './lifecycle'
import { createLogger, type LogDestination, type Logger } from './logger'
import { createPool, runtimeAdapter } from './prisma/client'
import { applyMigrations } from './prisma/migrate'

/** The part of a generated PrismaClient the kit uses. */
export interface DbClient extends RawExecutor {
  $disconnect(): Promise<void>
}

export type ServiceContext<TDb, TConfig> = {
  config: TConfig
  logger: Logger
  db: TDb
  /** The pool under `db`, for hot paths in plain SQL (`sqlOver`, `sqlTransaction`): no Prisma runtime per query. */
  sql: pg.Pool
  auth: AuthMiddleware
  broker: Broker
  bus: BusNames
  /** Registers a stop step for the service's own background work: it runs after HTTP and the consumer have
   * stopped and before the broker and database close (last registered, first run). */
  onShutdown: (stop: () => Promise<void>) => void
}

export type Subscriptions<TTx extends RawExecutor> = {
  handlers: Record<string, EventHandlerEntry<TTx>>
  transaction: TransactionRunner<TTx>
  maxAttempts?: number
  retryDelayMs?: number
}

export type ServiceDefinition<
  TDb extends DbClient,
  TEnv extends z.ZodType<ServiceEnv>,
  TTx extends RawExecutor,
> = {
  name: string
  /** The service's package folder (holds prisma/). */
  serviceDir: string
  env?: TEnv
  createDb: (adapter: PrismaPg) => TDb
  routes: (ctx: ServiceContext<TDb, z.infer<TEnv>>) => Router[]
  subscriptions?: (ctx: ServiceContext<TDb, z.infer<TEnv>>) => Subscriptions<TTx>
  /** Work after migrations and before serving, e.g. ensuring seed data. */
  onStart?: (ctx: ServiceContext<TDb, z.infer<TEnv>>) => Promise<void>
  /** Where token signing keys come from; default: the identity service's JWKS. */
  signingKeys?: (ctx: { config: z.infer<TEnv>; db: TDb }) => KeyResolver
}

export type RunningService<TDb, TConfig> = ServiceContext<TDb, TConfig> & {
  name: string
  port: number
  url: string
  pool: pg.Pool
  relay: OutboxRelay
  consumer: EventConsumer<RawExecutor> | undefined
  /** `METHOD /path` of every route the service serves (for the authorisation matrix). */
  routes: string[]
  stop: () => Promise<void>
}

/** Starts a service: config, migrations, database, broker, relay, consumers, HTTP. */
export async function startService<
  TDb extends DbClient,
  TEnv extends z.ZodType<ServiceEnv>,
  TTx extends RawExecutor,
>(
  def: ServiceDefinition<TDb, TEnv, TTx>,
  env: Record<string, string | undefined> = process.env,
  /** Where the service logs (default standard output). */
  logTo?: LogDestination,
): Promise<RunningService<TDb, z.infer<TEnv>>> {
  const config = loadConfig((def.env ?? serviceEnv) as TEnv, env)
  const logger = createLogger(def.name, config.LOG_LEVEL, logTo)
  await applyMigrations(def.serviceDir, config.DATABASE_URL, logger)
  const pool = createPool(config.DATABASE_URL, Math.min(4, config.DATABASE_POOL_SIZE))
  await ensureEventStore(pool)
  const sql = createPool(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
  const db = def.createDb(runtimeAdapter(config.DATABASE_URL, config.DATABASE_POOL_SIZE, sql))
  const broker = await Broker.connect(config.AMQP_URL, logger)
  const jwks = new JwksKeyStore(config.JWKS_URL)
  const keys = def.signingKeys?.({ config, db }) ?? ((kid) => jwks.key(kid))
  const auth = authMiddleware(
    createTokenVerifier({ keys, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE }),
  )
  const bus = busNames(config.BUS_NAMESPACE)
  const shutdownSteps: (() => Promise<void>)[] = []
  const onShutdown = (stop: () => Promise<void>) => void shutdownSteps.unshift(stop)
  const ctx: ServiceContext<TDb, z.infer<TEnv>> = { config, logger, db, sql, auth, broker, bus, onShutdown }

  await def.onStart?.(ctx)
  const subscriptions = def.subscriptions?.(ctx)
  const consumer = subscriptions
    ? new EventConsumer<TTx>({
        name: def.name,
        broker,
        logger,
        names: bus,
        batchSize: config.EVENT_BATCH_SIZE,
        ...subscriptions,
      })
    : undefined
  // The queue exists before the relay publishes what onStart wrote (e.g. a resync request).
  await consumer?.declare()
  const relay = new OutboxRelay({ pool, broker, logger, names: bus })
  await relay.start()
  consumer?.start()

  let shuttingDown = false
  const readiness: ReadinessCheck[] = [
    { name: 'database', check: async () => void (await pool.query('SELECT 1')) },
    { name: 'broker', check: () => broker.check() },
  ]
  const app = createApp({
    logger,
    routes: def.routes(ctx),
    readiness,
    isShuttingDown: () => shuttingDown,
    trustProxy: config.TRUST_PROXY,
  })
  const server = expressServer(app).listen(config.PORT, config.LISTEN_HOST)
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const port = (server.address() as AddressInfo).port
  const url = `http://127.0.0.1:${port}`
  logger.info({ url }, `${def.name} service listening`)

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= shutDown()
    return stopping
  }
  const shutDown = async () => {
    shuttingDown = true
    await shutdownGracefully(
      server,
      [
        { name: 'consumer', close: async () => consumer?.stop() },
        ...shutdownSteps.map((close) => ({ name: 'background work', close })),
        { name: 'outbox relay', close: () => relay.stop() },
        { name: 'broker', close: () => broker.close() },
        { name: 'database', close: () => db.$disconnect().then(() => sql.end()) },
        { name: 'pool', close: () => pool.end() },
      ],
      logger,
    )
  }
  return {
    ...ctx,
    name: def.name,
    port,
    url,
    pool,
    relay,
    consumer: consumer as EventConsumer<RawExecutor> | undefined,
    routes: servedRoutes(app),
    stop,
  }
}

/** The body of a service's main.ts. A configuration error prints one line and exits 1. */
export async function runMain<
  TDb extends DbClient,
  TEnv extends z.ZodType<ServiceEnv>,
  TTx extends RawExecutor,
>(def: ServiceDefinition<TDb, TEnv, TTx>): Promise<void> {
  try {
    const service = await startService(def)
    exitOnSignals(service.stop, service.logger, service.config.SHUTDOWN_TIMEOUT_MS)
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`${def.name}: ${err.message}`)
    } else {
      console.error(`${def.name}: failed to start: ${(err as Error).stack ?? err}`)
    }
    process.exit(1)
  }
}
