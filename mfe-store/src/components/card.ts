import { theme } from '@medstore/ui'
import styled, { css } from 'styled-components'

/** A card in a grid list (a product, a shop): a bordered column whose picture fills the top edge. */
export const GridCard = styled.li`
  display: flex;
  flex-direction: column;
  min-width: 0;
  border: 1px solid ${theme.color.border};
  border-radius: 12px;
  background: ${theme.color.surface};
  overflow: hidden;
`

/** A picture as wide as its box at a fixed shape (products 1 / 1 contained, banners 3 / 1 covered). */
export const fullWidthPicture = (ratio: string, fit: 'contain' | 'cover') => css`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: ${ratio};
  object-fit: ${fit};
`
