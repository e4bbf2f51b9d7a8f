import { Link, NavLink } from 'react-router-dom'
import styled from 'styled-components'

const Bar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  padding: 12px 24px;
  background: #fff;
  border-bottom: 1px solid #e2e8f0;
`

const Brand = styled(Link)`
  font-size: 1.25rem;
  font-weight: 800;
  color: #14532d;
  text-decoration: none;
`

const Nav = styled.nav`
  display: flex;
  gap: 20px;

  a {
    color: #0f172a;
    text-decoration: none;
    font-weight: 500;
  }

  a:hover,
  a.active {
    color: #15803d;
  }
`

export function Header() {
  return (
    <Bar>
      <Brand to="/">Medicine Store</Brand>
      <Nav aria-label="Main">
        <NavLink to="/products">Shop</NavLink>
        <a href="#contact">Contact Us</a>
        <a href="#about">About</a>
      </Nav>
    </Bar>
  )
}
