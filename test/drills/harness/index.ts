export { type Audit, auditOrders, foundOrders, printFigures } from './audit'
export { type DrillShop, startDrillShop } from './drill-shop'
export {
  type Attempt,
  type OrderLoad,
  outcomes,
  prepareStorefront,
  type Storefront,
  startOrderLoad,
} from './load'
export { freePort, sleep, waitUntil } from './ports'
export { type PrivatePostgres, startPrivatePostgres } from './private-postgres'
export { type PrivateRabbit, startPrivateRabbit } from './private-rabbit'
export {
  SERVICE_NAMES,
  type ServiceName,
  type ShopProcesses,
  type SliceName,
  startShopProcesses,
} from './shop-processes'
