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
export { expectNothingLost, type OutagePlan, type OutageRun, outageUnderLoad } from './outage'
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
/** A whole shop starting on a busy 2-core machine (seven processes compiling TypeScript) takes minutes. */
export const SHOP_START_TIMEOUT_MS = 600_000
export const DRILL_TIMEOUT_MS = 900_000
