import { theme } from '@medstore/ui'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { useT } from '../i18n.ts'
import { site } from '../site.ts'
import { LinkItem } from './LinkItem.tsx'

const Bar = styled.footer`
  padding: 32px 24px 16px;
  background: ${theme.color.brandDark};
  color: ${theme.color.brandLight};

  a {
    color: #fff;
    text-decoration: none;
  }

  a:hover {
    text-decoration: underline;
  }

  /* The kit's dark focus ring would vanish on this dark green. */
  :focus-visible {
    outline-color: ${theme.color.focusOnDark};
  }
`

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 24px;
  max-width: 1120px;
  margin: 0 auto;

  h2 {
    margin: 0 0 8px;
    font-size: 1rem;
  }

  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    line-height: 1.9;
  }
`

const Copyright = styled.p`
  margin: 24px 0 0;
  text-align: center;
  font-size: 0.875rem;
`

/** Spec: links to /, #contact, the four policies, external help/message links; Support, Platform, Contact. */
export function Footer() {
  const t = useT()
  return (
    <Bar>
      <Columns>
        <section id="about" aria-label={t('footer.aboutLabel')}>
          <Link to="/">
            <strong>{site.name}</strong>
          </Link>
          <p>{t('footer.tagline')}</p>
          <p>{t('footer.blurb')}</p>
        </section>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support">{t('footer.support')}</h2>
          <ul>
            <LinkItem href={site.chatUrl} external>
              {t('footer.help')}
            </LinkItem>
            <LinkItem href="#contact">{t('footer.contactUs')}</LinkItem>
            <LinkItem to="/shipping-delivery">{t('footer.shipping')}</LinkItem>
            <LinkItem to="/cancellation">{t('footer.cancellation')}</LinkItem>
          </ul>
        </section>
        <section aria-labelledby="footer-platform">
          <h2 id="footer-platform">{t('footer.platform')}</h2>
          <ul>
            <LinkItem to="/">{t('footer.home')}</LinkItem>
            <LinkItem to="/privacy-policy">{t('footer.privacy')}</LinkItem>
            <LinkItem to="/terms">{t('footer.terms')}</LinkItem>
          </ul>
        </section>
        <section id="contact" aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('footer.contact')}</h2>
          <ul>
            <LinkItem href={site.phoneHref}>{site.phone}</LinkItem>
            <LinkItem href={`mailto:${site.email}`}>{site.email}</LinkItem>
            <LinkItem href={site.chatUrl} external>
              {t('footer.message')}
            </LinkItem>
          </ul>
        </section>
      </Columns>
      <Copyright>{t('footer.copyright', { year: new Date().getFullYear(), name: site.name })}</Copyright>
    </Bar>
  )
}
