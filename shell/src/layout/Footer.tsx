import { theme } from '@medstore/ui'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { copyrightLine, site } from '../site.ts'
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
  return (
    <Bar>
      <Columns>
        <section id="about" aria-label="About Medicine Store">
          <Link to="/">
            <strong>{site.name}</strong>
          </Link>
          <p>{site.tagline}</p>
          <p>Genuine medicines and ayurvedic remedies, delivered free across India.</p>
        </section>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support">Support</h2>
          <ul>
            <LinkItem href={site.chatUrl} external>
              Help
            </LinkItem>
            <LinkItem href="#contact">Contact us</LinkItem>
            <LinkItem to="/shipping-delivery">Shipping &amp; delivery</LinkItem>
            <LinkItem to="/cancellation">Cancellation &amp; refund</LinkItem>
          </ul>
        </section>
        <section aria-labelledby="footer-platform">
          <h2 id="footer-platform">Platform</h2>
          <ul>
            <LinkItem to="/">Home</LinkItem>
            <LinkItem to="/privacy-policy">Privacy policy</LinkItem>
            <LinkItem to="/terms">Terms</LinkItem>
          </ul>
        </section>
        <section id="contact" aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <ul>
            <LinkItem href={site.phoneHref}>{site.phone}</LinkItem>
            <LinkItem href={`mailto:${site.email}`}>{site.email}</LinkItem>
            <LinkItem href={site.chatUrl} external>
              Message us
            </LinkItem>
          </ul>
        </section>
      </Columns>
      <Copyright>{copyrightLine()}</Copyright>
    </Bar>
  )
}
