import { PageLead, PageSection, PageTitle } from '@medstore/ui'

export function Checkout() {
  return (
    <PageSection data-remote="mfe_checkout">
      <PageTitle>Cart and checkout</PageTitle>
      <PageLead>Your cart, shipping details and payment method will appear here.</PageLead>
    </PageSection>
  )
}
