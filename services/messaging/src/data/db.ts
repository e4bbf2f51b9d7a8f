import { PrismaClient } from '../generated/prisma/client'

/** A transaction client; repositories take it so one use case can span several of them. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]
export type Db = PrismaClient | Tx

/**
 * The Prisma client, plus work to finish before it disconnects. The kit's ServiceDefinition has no stop
 * hook yet, and the kit disconnects the database after stopping the consumer, which is exactly when the
 * notification dispatcher must stop too (it uses the database until then).
 */
export class MessagingDb extends PrismaClient {
  private readonly beforeDisconnectHooks: (() => Promise<void>)[] = []

  beforeDisconnect(hook: () => Promise<void>): void {
    this.beforeDisconnectHooks.push(hook)
  }

  override async $disconnect(): Promise<void> {
    for (const hook of this.beforeDisconnectHooks.splice(0)) await hook()
    await super.$disconnect()
  }
}
