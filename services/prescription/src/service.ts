import path from 'node:path'
import { type RawSql, type ServiceDefinition, sqlOver, sqlTransaction } from '@medstore/service-kit'
import { type Clock, systemClock } from './clock'
import { prescriptionEnv } from './config'
import { fileKeys } from './crypto/file-keys'
import { prescriptionEventHandlers } from './events/handlers'
import { PrismaClient } from './generated/prisma/client'
import { prescriptionRouter } from './http/prescription-router'
import { prescriptionUseCases } from './use-cases/prescriptions'
import { recordUseCases } from './use-cases/records'
import { verificationUseCases } from './use-cases/verifications'

/** A service definition whose notion of now is `clock` (tests move time; production uses the system's). */
export function prescriptionServiceWith(
  clock: Clock,
): ServiceDefinition<PrismaClient, typeof prescriptionEnv, RawSql> {
  return {
    name: 'prescription',
    serviceDir: path.resolve(import.meta.dirname, '..'),
    env: prescriptionEnv,
    // The kit's migrations and health checks need a client; the service's own queries are plain SQL (README).
    createDb: (adapter) => new PrismaClient({ adapter }),
    routes: ({ sql, auth, config }) => {
      const deps = {
        sql: sqlOver(sql),
        transaction: <T>(work: (tx: RawSql) => Promise<T>) => sqlTransaction(sql, work),
        keys: fileKeys(config),
        clock,
        config,
      }
      return [
        prescriptionRouter(auth, {
          prescriptions: prescriptionUseCases(deps),
          verifications: verificationUseCases(deps),
          records: recordUseCases(deps.sql),
        }),
      ]
    },
    subscriptions: ({ sql }) => ({
      transaction: (fn) => sqlTransaction(sql, fn),
      handlers: prescriptionEventHandlers,
    }),
  }
}

/**
 * The prescription service: customers' prescriptions (files encrypted at rest), the pharmacist's queue of
 * orders holding Schedule H/H1 medicines, approval and rejection (events the order and messaging services
 * act on), the access log of administrators' views, and the dispensing register of H1 lines shipped.
 */
export const prescriptionService = prescriptionServiceWith(systemClock)
