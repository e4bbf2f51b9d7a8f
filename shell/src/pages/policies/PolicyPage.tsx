import { theme } from '@medstore/ui'
import { usePageTitle } from '@medstore/web-client'
import { useLocation } from 'react-router-dom'
import styled from 'styled-components'
import { NotFound } from '../NotFound.tsx'
import type { PolicyPath } from './paths.ts'
import { policies } from './policies.tsx'

const Article = styled.article`
  max-width: 820px;
  margin: 0 auto;
  padding: 40px 20px;
  line-height: 1.6;

  h1 {
    color: ${theme.color.brandDark};
  }

  h2 {
    margin-top: 28px;
    font-size: 1.2rem;
  }
`

/** One of the four policy pages, chosen by the path. */
export function PolicyPage() {
  const { pathname } = useLocation()
  const policy = policies[pathname as PolicyPath]
  usePageTitle(policy?.title)
  if (!policy) return <NotFound />
  return (
    <Article>
      <h1>{policy.title}</h1>
      {policy.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.body}
        </section>
      ))}
    </Article>
  )
}
