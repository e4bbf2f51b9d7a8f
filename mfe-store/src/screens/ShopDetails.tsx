import { useParams } from 'react-router-dom'
import { Lead, Section, Title } from './ui.tsx'

export function ShopDetails() {
  const { vendorId } = useParams()
  return (
    <Section data-remote="mfe_store">
      <Title>Shop</Title>
      <Lead>Products of store {vendorId} will appear here.</Lead>
    </Section>
  )
}
