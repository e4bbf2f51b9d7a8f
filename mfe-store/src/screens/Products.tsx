import { PageLead, PageSection, PageTitle } from '@medstore/ui'

export function Products() {
  return (
    <PageSection data-remote="mfe_store">
      <PageTitle>All products</PageTitle>
      <PageLead>The full product listing will appear here.</PageLead>
    </PageSection>
  )
}
