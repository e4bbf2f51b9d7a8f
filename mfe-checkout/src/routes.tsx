// Exposed as `mfe_checkout/routes`: one element per path in ./contract.ts. No router here.
import { Navigate, useLocation } from 'react-router-dom'
import type { CheckoutRoutesModule } from './contract.ts'
import { Checkout } from './screens/Checkout.tsx'
import { Confirmation } from './screens/Confirmation.tsx'
import { MyOrders } from './screens/MyOrders.tsx'
import { OrderHistory } from './screens/OrderHistory.tsx'

/** `/checkout/*`: the page orders land on after checkout or payment (`/checkout/confirmation?orderId=`). */
function CheckoutPages() {
  const { pathname } = useLocation()
  if (pathname.replace(/\/+$/, '') === '/checkout/confirmation') return <Confirmation />
  return <Navigate to="/checkout" replace />
}

export const routes: CheckoutRoutesModule['routes'] = {
  '/checkout': <Checkout />,
  '/checkout/*': <CheckoutPages />,
  '/my-orders': <MyOrders />,
  '/orderHistory': <OrderHistory />,
}
