import { EmptyState, LoadingState } from '@medstore/ui'
import { type ComponentType, lazy, Suspense } from 'react'
import { Link, useParams } from 'react-router-dom'
import { Categories } from '../panels/Categories.tsx'
import { Customers } from '../panels/Customers.tsx'
import { Messages } from '../panels/Messages.tsx'
import { Orders } from '../panels/Orders.tsx'
import { Products } from '../panels/Products.tsx'
import { Suppliers } from '../panels/Suppliers.tsx'

// chart.js is only needed here: the dashboard is its own chunk, fetched when it is opened.
const Dashboard = lazy(() => import('../panels/Dashboard.tsx'))

/** The panel behind /vendor/{panel}; the shell's back-office frame draws the sidebar and the title. */
export const panels: Record<string, ComponentType> = {
  dashboard: Dashboard,
  allOrders: Orders,
  allProducts: Products,
  suppliers: Suppliers,
  customers: Customers,
  messages: Messages,
  categories: Categories,
}

export function BackOffice() {
  const { panel = '' } = useParams()
  const Panel = Object.hasOwn(panels, panel) ? panels[panel] : undefined
  if (!Panel)
    return (
      <section data-remote="mfe_vendor" aria-label="Not found">
        <EmptyState>
          <h2>There is no “{panel}” panel</h2>
          <p>
            It may have moved. Go to <Link to="/vendor/allOrders">All Orders</Link> or{' '}
            <Link to="/vendor/dashboard">the Dashboard</Link>.
          </p>
        </EmptyState>
      </section>
    )
  return (
    <div data-remote="mfe_vendor">
      <Suspense fallback={<LoadingState />}>
        <Panel key={panel} />
      </Suspense>
    </div>
  )
}
