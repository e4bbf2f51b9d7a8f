import { afterAll, beforeAll } from 'vitest'
import type { z } from 'zod'
import type { RawExecutor } from '../bus/outbox'
import type { ServiceEnv } from '../config'
import type { DbClient, ServiceDefinition } from '../service'
import { testPublisher } from './bus'
import { startTestService, type TestService } from './service'
import { startTokenIssuer } from './tokens'

/**
 * The usual component-test set-up in one call: a token issuer, the service on a throw-away database
 * trusting it, and a publisher of other services' events on the service's bus. close() undoes all three.
 */
export async function startServiceUnderTest<
  TDb extends DbClient,
  TEnv extends z.ZodType<ServiceEnv>,
  TTx extends RawExecutor,
>(def: ServiceDefinition<TDb, TEnv, TTx>, env: Record<string, string | undefined> = {}) {
  const issuer = await startTokenIssuer()
  const service = await startTestService(def, { JWKS_URL: issuer.jwksUrl, ...env })
  const bus = await testPublisher(service)
  return {
    issuer,
    service,
    bus,
    close: async () => {
      await bus.close()
      await service.close()
      await issuer.close()
    },
  }
}

type Started<TDb, TConfig> = Awaited<ReturnType<typeof startServiceUnderTest>> & {
  service: TestService<TDb, TConfig>
}

/**
 * startServiceUnderTest wired into the test file's hooks: started before its tests (after any beforeAll
 * registered earlier, so `env` may be a function of what those started) and closed after them.
 */
export function useServiceUnderTest<
  TDb extends DbClient,
  TEnv extends z.ZodType<ServiceEnv>,
  TTx extends RawExecutor,
>(
  def: ServiceDefinition<TDb, TEnv, TTx>,
  env: Record<string, string | undefined> | (() => Record<string, string | undefined>) = {},
) {
  let started: Started<TDb, z.infer<TEnv>> | undefined
  beforeAll(async () => {
    started = (await startServiceUnderTest(def, typeof env === 'function' ? env() : env)) as Started<
      TDb,
      z.infer<TEnv>
    >
  })
  afterAll(async () => {
    await started?.close()
  })
  const get = () => {
    if (!started) throw new Error('the service under test is used before it started')
    return started
  }
  return {
    get service() {
      return get().service
    },
    get issuer() {
      return get().issuer
    },
    get bus() {
      return get().bus
    },
  }
}
