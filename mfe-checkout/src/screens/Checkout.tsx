import { Lead, Section, Title } from './ui.tsx'

export function Checkout() {
  return (
    <Section data-remote="mfe_checkout">
      <Title>Cart and checkout</Title>
      <Lead>Your cart, shipping details and payment method will appear here.</Lead>
    </Section>
  )
}
