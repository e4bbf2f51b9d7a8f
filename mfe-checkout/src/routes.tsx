// Exposed as `mfe_checkout/routes`: one element per path in ./routePaths.ts. No router here: the shell's
// router renders them (see @medstore/remote-contracts).
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import type { CheckoutRoutePath } from './routePaths.ts'
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

export const routes: Readonly<Record<CheckoutRoutePath, ReactNode>> = {
  '/checkout': <Checkout />,
  '/checkout/*': <CheckoutPages />,
  '/my-orders': <MyOrders />,
  '/orderHistory': <OrderHistory />,
}
