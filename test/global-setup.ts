import type { TestProject } from 'vitest/node'
import { dropTestDatabases } from '../packages/service-kit/src/testing/infra'
import { chooseTestInfrastructure } from './infrastructure'

/**
 * Chooses PostgreSQL and RabbitMQ once for the whole run (DATABASE_URL/AMQP_URL, else containers when a
 * Docker engine answers, else the local servers) and hands them to every project through provide().
 */
export default async function setup(project: TestProject) {
  const infra = await chooseTestInfrastructure()
  const testDbPrefix = `vt_${process.pid}_${Date.now().toString(36)}`
  project.provide('pgAdminUrl', infra.pgAdminUrl)
  project.provide('amqpUrl', infra.amqpUrl)
  project.provide('testDbPrefix', testDbPrefix)
  console.log(`[tests] infrastructure: ${infra.description}`)
  return async () => {
    await dropTestDatabases(infra.pgAdminUrl, testDbPrefix)
    await infra.stop()
  }
}
