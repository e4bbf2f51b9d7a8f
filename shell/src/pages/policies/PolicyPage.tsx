import { theme } from '@medstore/ui'
import { usePageTitle } from '@medstore/web-client'
import { useLocation } from 'react-router-dom'
import styled from 'styled-components'
import { site } from '../../site.ts'
import { NotFound } from '../NotFound.tsx'
import { useT } from './i18n.ts'
import type { PolicyPath } from './paths.ts'
import { type PolicySection, policies, policyValues } from './policies.ts'

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

function SectionBody({ section }: { section: PolicySection }) {
  const t = useT()
  if ('list' in section)
    return (
      <ul>
        {section.list.map((item) => (
          <li key={item}>{t(item, policyValues[item])}</li>
        ))}
      </ul>
    )
  if ('contact' in section)
    return (
      <p>
        {t.rich('contact.body', {
          ...policyValues['contact.body'],
          // Tags named apart from the values they wrap: one name would be both.
          mail: (text) => <a href={`mailto:${site.email}`}>{text}</a>,
          call: (text) => <a href={site.phoneHref}>{text}</a>,
        })}
      </p>
    )
  return <p>{t(section.paragraph, policyValues[section.paragraph])}</p>
}

/** One of the four policy pages, chosen by the path, in the page's language. */
export function PolicyPage() {
  const t = useT()
  const { pathname } = useLocation()
  const policy = policies[pathname as PolicyPath]
  usePageTitle(policy && t(policy.title))
  if (!policy) return <NotFound />
  return (
    <Article>
      <h1>{t(policy.title)}</h1>
      {policy.sections.map((section) => (
        <section key={section.heading}>
          <h2>{t(section.heading)}</h2>
          <SectionBody section={section} />
        </section>
      ))}
    </Article>
  )
}
