import { Link } from 'react-router-dom'
import styled from 'styled-components'

const Bar = styled.footer`
  padding: 32px 24px 16px;
  background: #14532d;
  color: #dcfce7;

  a {
    color: #fff;
    text-decoration: none;
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

export function Footer() {
  return (
    <Bar>
      <Columns>
        <section id="about">
          <Link to="/">
            <strong>Medicine Store</strong>
          </Link>
          <p>Ayurveda is the science of life.</p>
        </section>
        <section>
          <h2>Support</h2>
          <ul>
            <li>
              <a href="#contact">Contact us</a>
            </li>
            <li>
              <Link to="/shipping-delivery">Shipping &amp; delivery</Link>
            </li>
            <li>
              <Link to="/cancellation">Cancellation &amp; refund</Link>
            </li>
          </ul>
        </section>
        <section>
          <h2>Platform</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms</Link>
            </li>
          </ul>
        </section>
        <section id="contact">
          <h2>Contact</h2>
          <p>Questions about a medicine or an order? We are happy to help.</p>
        </section>
      </Columns>
      <Copyright>2024 all rights reserved</Copyright>
    </Bar>
  )
}
