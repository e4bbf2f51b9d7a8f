import { PageLead, PageSection, PageTitle } from '@medstore/ui'

export function OrderHistory() {
  return (
    <PageSection data-remote="mfe_checkout">
      <PageTitle>Order history</PageTitle>
      <PageLead>Your past orders will appear here.</PageLead>
    </PageSection>
  )
}
