import styled from 'styled-components'

export const Button = styled.button`
  padding: 10px 20px;
  border: 0;
  border-radius: 8px;
  background: #15803d;
  color: #fff;
  font: inherit;
  font-weight: 600;
  cursor: pointer;

  &:hover,
  &:focus-visible {
    background: #166534;
  }
`
