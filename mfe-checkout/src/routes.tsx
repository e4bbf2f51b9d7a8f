// Exposed as `mfe_checkout/routes`: one element per path in ./contract.ts. No router here.
import type { CheckoutRoutesModule } from './contract.ts'
import { Checkout } from './screens/Checkout.tsx'
import { MyOrders } from './screens/MyOrders.tsx'
import { OrderHistory } from './screens/OrderHistory.tsx'

export const routes: CheckoutRoutesModule['routes'] = {
  '/checkout': <Checkout />,
  // The payment pages (the checkout issue fills them); for now the checkout screen.
  '/checkout/*': <Checkout />,
  '/my-orders': <MyOrders />,
  '/orderHistory': <OrderHistory />,
}
