import { Lead, Section, Title } from './ui.tsx'

export function MyOrders() {
  return (
    <Section data-remote="mfe_checkout">
      <Title>My orders</Title>
      <Lead>Your orders will appear here.</Lead>
    </Section>
  )
}
