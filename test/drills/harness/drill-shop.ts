import { prepareStorefront, type Storefront } from './load'
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres'
import { type PrivateRabbit, startPrivateRabbit } from './private-rabbit'
import { type ServiceName, type ShopProcesses, startShopProcesses } from './shop-processes'

export interface DrillShop {
  postgres: PrivatePostgres
  rabbit: PrivateRabbit
  shop: ShopProcesses
  store: Storefront
  close(): Promise<void>
}

/** Private PostgreSQL and RabbitMQ, the services (all six unless `only`) and gateway, products and customers. */
export async function startDrillShop(only?: readonly ServiceName[]): Promise<DrillShop> {
  const [postgres, rabbit] = await Promise.all([startPrivatePostgres(), startPrivateRabbit()])
  let shop: ShopProcesses | undefined
  const close = async () => {
    await shop?.stop()
    await Promise.all([postgres.destroy(), rabbit.destroy()])
  }
  try {
    shop = await startShopProcesses({ adminUrl: postgres.adminUrl, amqpUrl: rabbit.url, only })
    const store = await prepareStorefront(shop.gatewayUrl, 6, 8)
    return { postgres, rabbit, shop, store, close }
  } catch (error) {
    await close()
    throw error
  }
}
