import { Navigate } from 'react-router-dom'

/**
 * The spec's page is static sample data; a customer's real past orders (with the statuses' colours) are
 * in My orders, so the old address leads there.
 */
export function OrderHistory() {
  return <Navigate to="/my-orders" replace />
}
