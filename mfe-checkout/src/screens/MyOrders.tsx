import { PageLead, PageSection, PageTitle } from '@medstore/ui'
import { useUser } from '@medstore/web-client'
import { Link } from 'react-router-dom'

export function MyOrders() {
  // The profile store is the shell's own instance (a federated singleton): signing in or out in the
  // shell's header re-renders this at once.
  const user = useUser()
  return (
    <PageSection data-remote="mfe_checkout">
      <PageTitle>My orders</PageTitle>
      {user ? (
        <PageLead data-signed-in-as={user.name}>Orders of {user.name} will appear here.</PageLead>
      ) : (
        <PageLead>
          Please <Link to="/login?from=%2Fmy-orders">sign in</Link> to see your orders.
        </PageLead>
      )}
    </PageSection>
  )
}
