import type { ApiRoute } from './api'
import { cartRoutes } from './cart'
import { catalogueRoutes } from './catalogue'
import { deliveryRoutes } from './delivery'
import { identityRoutes } from './identity'
import { messagingRoutes } from './messaging'
import { orderRoutes } from './order'
import { orderStatisticsRoutes } from './order-statistics'
import { prescriptionRoutes } from './prescription'
import { reviewRoutes } from './review'
import { supplierRoutes } from './supplier'

/** Every public API route, in the order of the spec's section 7. */
export const API_ROUTES: ApiRoute[] = [
  ...identityRoutes,
  ...messagingRoutes,
  ...orderRoutes,
  ...orderStatisticsRoutes,
  ...deliveryRoutes,
  ...catalogueRoutes,
  ...supplierRoutes,
  ...cartRoutes,
  ...reviewRoutes,
  ...prescriptionRoutes,
]
