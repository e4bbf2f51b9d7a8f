import { PageLead, PageSection, PageTitle } from '@medstore/ui'
import { useSearchParams } from 'react-router-dom'

export function ProductDetails() {
  const [params] = useSearchParams()
  const productId = params.get('productId')
  return (
    <PageSection data-remote="mfe_store">
      <PageTitle>Product details</PageTitle>
      <PageLead>{productId ? `Product ${productId}` : 'No product selected.'}</PageLead>
    </PageSection>
  )
}
