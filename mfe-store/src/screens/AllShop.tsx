import { PageLead, PageSection, PageTitle } from '@medstore/ui'
import { Link } from 'react-router-dom'

export function AllShop() {
  return (
    <PageSection data-remote="mfe_store">
      <PageTitle>All Registered Medicine Stores</PageTitle>
      <PageLead>Registered stores will be listed here.</PageLead>
      <Link to="/shopDetails/sample">Visit Store</Link>
    </PageSection>
  )
}
