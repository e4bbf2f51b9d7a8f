import { PageLead, PageSection, PageTitle } from '@medstore/ui'
import { useParams } from 'react-router-dom'

export function ShopDetails() {
  const { vendorId } = useParams()
  return (
    <PageSection data-remote="mfe_store">
      <PageTitle>Shop</PageTitle>
      <PageLead>Products of store {vendorId} will appear here.</PageLead>
    </PageSection>
  )
}
