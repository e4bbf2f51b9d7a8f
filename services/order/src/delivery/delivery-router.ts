import { deliveryApi } from '@medstore/contracts/delivery'
import { type AuthMiddleware, apiRouter } from '@medstore/service-kit'
import type { DeliveryUseCases } from './delivery-use-cases'

/** /delivery: the PIN-code promise (anyone) and the delivery settings (administrators). */
export function deliveryRouter(auth: AuthMiddleware, delivery: DeliveryUseCases) {
  return apiRouter(auth)
    .route(deliveryApi.estimate, ({ query }) => delivery.estimate(query.pincode))
    .route(deliveryApi.settings, () => delivery.settings())
    .route(deliveryApi.updateSettings, ({ body }) => delivery.updateSettings(body)).router
}
