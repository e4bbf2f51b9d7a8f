import { Lead, Section, Title } from './ui.tsx'

export function Products() {
  return (
    <Section data-remote="mfe_store">
      <Title>All products</Title>
      <Lead>The full product listing will appear here.</Lead>
    </Section>
  )
}
