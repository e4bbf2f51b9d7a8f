import { Link, NavLink, useParams } from 'react-router-dom'
import styled from 'styled-components'

/** Top-bar title per panel (spec: back-office layout). An unknown panel shows an empty body. */
const panelTitles: Record<string, string> = {
  dashboard: 'Dashboard',
  allOrders: 'All Orders',
  allProducts: 'All Products',
  suppliers: 'All Suppliers',
  customers: 'All Customers',
  messages: 'All Messages',
  categories: 'Categories',
}

const sidebarLinks = [
  ['allOrders', 'All Orders'],
  ['allProducts', 'All Products'],
  ['categories', 'Categories'],
  ['customers', 'Customers'],
  ['messages', 'Messages'],
] as const

const Frame = styled.div`
  display: grid;
  grid-template-columns: 220px 1fr;
  min-height: 100vh;
`

const Sidebar = styled.nav`
  padding: 16px;
  background: #14532d;
  color: #fff;

  a {
    display: block;
    padding: 8px 0;
    color: #dcfce7;
    text-decoration: none;
  }

  a.active {
    color: #fff;
    font-weight: 700;
  }
`

const Main = styled.main`
  padding: 24px;
`

export function BackOffice() {
  const { panel = '' } = useParams()
  const title = panelTitles[panel]
  return (
    <Frame data-remote="mfe_vendor">
      <Sidebar aria-label="Back-office">
        <Link to="/">
          <strong>Medicine Store</strong>
        </Link>
        {sidebarLinks.map(([key, label]) => (
          <NavLink key={key} to={`/vendor/${key}`}>
            {label}
          </NavLink>
        ))}
      </Sidebar>
      <Main>{title ? <h1>{title}</h1> : null}</Main>
    </Frame>
  )
}
