import path from 'node:path'
import {
  type RawSql,
  type ServiceDefinition,
  serviceEnvWithPort,
  sqlOver,
  sqlTransaction,
} from '@medstore/service-kit'
import { cartProducts } from './data/product-replica'
import { cartEventHandlers } from './events/handlers'
import { PrismaClient } from './generated/prisma/client'
import { cartRouter } from './http/cart-router'
import { cartUseCases } from './use-cases/cart'

/** The cart service: signed-in customers' carts, over a product replica fed by catalogue events. */
export const cartService: ServiceDefinition<PrismaClient, ReturnType<typeof serviceEnvWithPort>, RawSql> = {
  name: 'cart',
  serviceDir: path.resolve(import.meta.dirname, '..'),
  env: serviceEnvWithPort(4003),
  createDb: (adapter) => new PrismaClient({ adapter }),
  onStart: ({ db }) => cartProducts.resyncIfEmpty(db),
  routes: ({ sql, auth }) => [cartRouter(auth, cartUseCases(sqlOver(sql)))],
  subscriptions: ({ sql }) => ({
    transaction: (fn) => sqlTransaction(sql, fn),
    handlers: cartEventHandlers,
  }),
}
