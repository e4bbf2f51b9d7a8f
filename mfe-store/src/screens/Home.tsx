import { useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import styled from 'styled-components'
import { Lead, Section } from './ui.tsx'

const Hero = styled.div`
  padding: 48px 24px;
  border-radius: 12px;
  background: linear-gradient(120deg, #dcfce7, #f0fdf4);
  text-align: center;
`

const HeroTitle = styled.h1`
  margin: 0 0 12px;
  font-size: clamp(1.8rem, 4vw, 2.8rem);
  color: #14532d;
`

const Banners = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 16px;
  margin: 24px 0 0;
  padding: 0;
  list-style: none;
`

const Banner = styled.li`
  padding: 20px;
  border-radius: 10px;
  background: #fff;
  border: 1px solid #bbf7d0;
  font-weight: 600;
  color: #166534;
`

const promoBanners = ['Huge Sale 70%', '100% Secure delivery', 'Free shipping at your doorstep']

export function Home() {
  // Hooks from the shared react and react-router-dom singletons, rendered inside the shell's router:
  // if this remote ever got its own copy of either, this component would throw instead of rendering.
  const location = useLocation()
  const [query, setQuery] = useState('')
  return (
    <Section data-remote="mfe_store" data-route={location.pathname}>
      <Hero>
        <HeroTitle>Your medication, delivered</HeroTitle>
        <Lead>Say goodbye to all your healthcare worries with us</Lead>
        <input
          type="search"
          aria-label="Search your medicine from here"
          placeholder="Search your medicine from here"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </Hero>
      <Banners>
        {promoBanners.map((text) => (
          <Banner key={text}>{text}</Banner>
        ))}
      </Banners>
      <p>
        <Link to="/products">Browse all products</Link>
      </p>
    </Section>
  )
}
