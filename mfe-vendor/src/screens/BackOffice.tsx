import { EmptyState, LoadingState } from '@medstore/ui'
import { Suspense } from 'react'
import { Link, useParams } from 'react-router-dom'
import { pageOf } from '../pages.ts'

/** The panel behind /vendor/{panel} (../pages.ts); the shell's back-office frame draws the sidebar and the title. */
export function BackOffice() {
  const { panel = '' } = useParams()
  const Panel = pageOf(panel)?.screen
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
