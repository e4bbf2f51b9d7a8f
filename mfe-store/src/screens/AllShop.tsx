import { Link } from 'react-router-dom'
import { Lead, Section, Title } from './ui.tsx'

export function AllShop() {
  return (
    <Section data-remote="mfe_store">
      <Title>All Registered Medicine Stores</Title>
      <Lead>Registered stores will be listed here.</Lead>
      <Link to="/shopDetails/sample">Visit Store</Link>
    </Section>
  )
}
