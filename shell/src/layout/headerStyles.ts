import { theme } from '@medstore/ui'
import { Link } from 'react-router-dom'
import styled from 'styled-components'

const iconControl = `
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 8px;
  border: 0;
  border-radius: ${theme.radius};
  background: transparent;
  color: ${theme.color.text};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;

  &:hover {
    background: ${theme.color.brandLighter};
    color: ${theme.color.brand};
  }
`

export const IconLink = styled(Link)`
  ${iconControl}
`

export const IconAnchor = styled.a`
  ${iconControl}
`

export const MenuButton = styled.button`
  ${iconControl}
`

export const Badge = styled.span`
  position: absolute;
  top: 0;
  right: 0;
  min-width: 18px;
  height: 18px;
  padding: 0 5px;
  border-radius: 9px;
  background: ${theme.color.brand};
  color: #fff;
  font-size: 0.7rem;
  line-height: 18px;
  text-align: center;
`

export const Menu = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 6px);
  z-index: 20;
  min-width: 180px;
  margin: 0;
  padding: 6px;
  list-style: none;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius};
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow};

  a,
  button {
    display: block;
    width: 100%;
    padding: 8px 12px;
    border: 0;
    border-radius: 6px;
    background: transparent;
    color: ${theme.color.text};
    font: inherit;
    text-align: left;
    text-decoration: none;
    cursor: pointer;
  }

  a:hover,
  button:hover {
    background: ${theme.color.brandLighter};
  }
`
