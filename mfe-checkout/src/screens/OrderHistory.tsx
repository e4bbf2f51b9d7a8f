import { Lead, Section, Title } from './ui.tsx'

export function OrderHistory() {
  return (
    <Section data-remote="mfe_checkout">
      <Title>Order history</Title>
      <Lead>Your past orders will appear here.</Lead>
    </Section>
  )
}
