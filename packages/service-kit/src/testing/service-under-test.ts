import type { z } from 'zod'
import type { RawExecutor } from '../bus/outbox'
import type { ServiceEnv } from '../config'
import type { DbClient, ServiceDefinition } from '../service'
import { testPublisher } from './bus'
import { startTestService } from './service'
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
