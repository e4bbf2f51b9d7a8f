import { useUser } from '@medstore/web-client'
import { Link } from 'react-router-dom'
import { Lead, Section, Title } from './ui.tsx'

export function MyOrders() {
  // The profile store is the shell's own instance (a federated singleton): signing in or out in the
  // shell's header re-renders this at once.
  const user = useUser()
  return (
    <Section data-remote="mfe_checkout">
      <Title>My orders</Title>
      {user ? (
        <Lead data-signed-in-as={user.name}>Orders of {user.name} will appear here.</Lead>
      ) : (
        <Lead>
          Please <Link to="/login?from=%2Fmy-orders">sign in</Link> to see your orders.
        </Lead>
      )}
    </Section>
  )
}
