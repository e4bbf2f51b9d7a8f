import path from 'node:path'
import { type ServiceDefinition, serviceEnvWithPort } from '@medstore/service-kit'
import { PrismaClient } from './generated/prisma/client'

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]

/** The cart service: its routes arrive with its own issue; today it starts, migrates and answers health. */
export const cartService: ServiceDefinition<PrismaClient, ReturnType<typeof serviceEnvWithPort>, Tx> = {
  name: 'cart',
  serviceDir: path.resolve(import.meta.dirname, '..'),
  env: serviceEnvWithPort(4003),
  createDb: (adapter) => new PrismaClient({ adapter }),
  routes: () => [],
}
