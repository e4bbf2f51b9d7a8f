// Exposed as `mfe_checkout/routes`: one element per page of ./pages.ts. No router here: the shell's
// router renders them (see @medstore/remote-contracts).
import { cataloguesReady, LoadingState } from '@medstore/ui'
import { lazyScreen, openedScreensReady } from '@medstore/web-client'
import { type ReactNode, Suspense } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { ready as messagesReady } from './i18n.ts'
import type { CheckoutRoutePath } from './pages.ts'
import { OrderHistory } from './screens/OrderHistory.tsx'

// Each screen loads when opened (./pages.ts names them for the build): the checkout page's first
// render carries neither My orders nor the confirmation page.
const Checkout = lazyScreen(
  '/checkout',
  () => import('./screens/Checkout.tsx'),
  (m) => m.Checkout,
  cataloguesReady,
)
const MyOrders = lazyScreen(
  '/my-orders',
  () => import('./screens/MyOrders.tsx'),
  (m) => m.MyOrders,
  cataloguesReady,
)
const MyPrescriptions = lazyScreen(
  '/my-prescriptions',
  () => import('./screens/MyPrescriptions.tsx'),
  (m) => m.MyPrescriptions,
  cataloguesReady,
)
const Confirmation = lazyScreen(
  '/checkout/confirmation',
  () => import('./screens/Confirmation.tsx'),
  (m) => m.Confirmation,
  cataloguesReady,
)

/** `/checkout/*`: the page orders land on after checkout or payment (`/checkout/confirmation?orderId=`). */
function CheckoutPages() {
  const { pathname } = useLocation()
  if (pathname.replace(/\/+$/, '') === '/checkout/confirmation') return <Confirmation />
  return <Navigate to="/checkout" replace />
}

const screen = (element: ReactNode) => <Suspense fallback={<LoadingState />}>{element}</Suspense>

export const routes: Readonly<Record<CheckoutRoutePath, ReactNode>> = {
  '/checkout': screen(<Checkout />),
  '/checkout/*': screen(<CheckoutPages />),
  '/my-orders': screen(<MyOrders />),
  '/my-prescriptions': screen(<MyPrescriptions />),
  '/orderHistory': <OrderHistory />,
}

/**
 * The page's screen can render without suspending (see `RemoteRoutesModule.ready`): its code and this
 * slice's messages in the page's language are in.
 */
export const ready = (): Promise<void> => Promise.all([openedScreensReady(), messagesReady()]).then(() => {})
