import { theme } from '@medstore/ui'
import styled from 'styled-components'

export const Section = styled.section`
  max-width: 1120px;
  margin: 0 auto;
  padding: 24px 16px 48px;
`

export const Title = styled.h1`
  margin: 0 0 16px;
  font-size: 1.6rem;
  color: ${theme.color.brandDark};
`

export const Lead = styled.p`
  margin: 0 0 16px;
  color: ${theme.color.muted};
`

export const Card = styled.div`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: 12px;
  padding: 16px;
  margin-bottom: 16px;

  h2 {
    margin: 0 0 12px;
    font-size: 1.1rem;
  }
`

export const Thumb = styled.img`
  width: 56px;
  height: 56px;
  flex: none;
  object-fit: contain;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius};
  background: #fff;
`

/** A confirmation that something worked (the order was created). */
export const Success = styled.p`
  padding: 12px 16px;
  margin: 0 0 16px;
  border: 1px solid ${theme.color.brandLight};
  border-radius: ${theme.radius};
  background: ${theme.color.brandLighter};
  color: ${theme.color.brandDark};
  font-weight: 600;
`

export const Alert = styled.div`
  padding: 12px 16px;
  margin-bottom: 16px;
  border: 1px solid #fecaca;
  border-radius: ${theme.radius};
  background: ${theme.color.dangerLight};
  color: ${theme.color.danger};

  p {
    margin: 4px 0;
  }
`

export const Note = styled.p`
  margin: 4px 0;
  color: ${theme.color.brand};
  font-size: 0.9rem;
  font-weight: 600;
`

/** Label and value pairs (an order's facts): labels muted in one column, values wrapping beside them. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0;

  dt {
    color: ${theme.color.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`
