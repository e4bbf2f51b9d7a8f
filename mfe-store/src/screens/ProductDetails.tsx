import { useSearchParams } from 'react-router-dom'
import { Lead, Section, Title } from './ui.tsx'

export function ProductDetails() {
  const [params] = useSearchParams()
  const productId = params.get('productId')
  return (
    <Section data-remote="mfe_store">
      <Title>Product details</Title>
      <Lead>{productId ? `Product ${productId}` : 'No product selected.'}</Lead>
    </Section>
  )
}
