import type { Product } from '@medstore/contracts/catalogue'
import { soldOnline } from '@medstore/contracts/medicine'
import { Button, Price, theme } from '@medstore/ui'
import { apiImage, links, PAINT_HIDDEN } from '@medstore/web-client'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { addToCart } from '../data/cart.ts'
import { ingredientsLine, truncateWords } from '../domain/catalogue.ts'
import { useT } from '../i18n.ts'
import { fullWidthPicture, GridCard } from './card.ts'
import { MrpNote } from './MrpNote.tsx'
import { RxMark } from './RxMark.tsx'

const Card = styled(GridCard)`
  position: relative;
  transition: box-shadow 0.15s;

  &:hover {
    box-shadow: 0 6px 18px rgba(15, 23, 42, 0.08);
  }
`

const Picture = styled.div`
  position: relative;
  background: ${theme.color.brandLighter};

  img {
    ${fullWidthPicture('1 / 1', 'contain')}
  }

  > span {
    position: absolute;
    top: 8px;
    left: 8px;
  }
`

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: 4px;
  padding: 10px 12px 12px;
`

const CategoryName = styled.p`
  margin: 0;
  font-size: 0.75rem;
  font-weight: 600;
  letter-spacing: 0.02em;
  text-transform: uppercase;
  color: ${theme.color.subtle};
`

const Name = styled.h3`
  margin: 0;
  font-size: 0.95rem;
  line-height: 1.3;
  overflow-wrap: anywhere;

  a {
    color: ${theme.color.text};
    text-decoration: none;
  }

  a:hover {
    color: ${theme.color.brand};
  }
`

const Ingredients = styled.p`
  margin: 0;
  font-size: 0.8rem;
  line-height: 1.4;
  color: ${theme.color.text};
  overflow-wrap: anywhere;
`

const Description = styled.p`
  margin: 0;
  font-size: 0.8rem;
  line-height: 1.4;
  color: ${theme.color.muted};
  overflow-wrap: anywhere;
`

const PriceRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 4px 8px;
  margin-top: auto;
  padding-top: 6px;
  font-weight: 700;
  font-size: 1.05rem;

  a {
    font-size: 0.8rem;
    font-weight: 600;
  }
`

const OutOfStock = styled.p`
  margin: 0;
  font-size: 0.8rem;
  font-weight: 600;
  color: ${theme.color.danger};
`

const AddButton = styled(Button)`
  margin-top: 8px;
  padding: 8px 12px;
`

/**
 * A product in a grid (spec: image, name, price, category, 10-word description, quick view, Add to Cart).
 * `byIngredient`: a search found it by a salt or key ingredient, not its name: the card says what it
 * contains, so the shopper sees why it is there.
 */
export function ProductCard({
  product,
  eager = false,
  byIngredient = false,
}: {
  product: Product
  eager?: boolean
  byIngredient?: boolean
}) {
  const t = useT()
  const [adding, setAdding] = useState(false)
  const soldOut = product.stock < 1
  const href = links.product(product._id)
  const add = async () => {
    setAdding(true)
    await addToCart(product._id, 1)
    setAdding(false)
  }
  return (
    <Card>
      <Picture>
        {/* Fixed intrinsic size (the 400 px card image) so nothing shifts while it loads. */}
        <img
          src={apiImage(product.thumbnail)}
          alt=""
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          // The first row holds the page's largest element: fetched before anything else it waits on.
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
        />
        {product.requiresPrescription ? <RxMark /> : null}
      </Picture>
      <Body>
        <CategoryName>{product.category}</CategoryName>
        <Name>
          <Link to={href}>{product.name}</Link>
        </Name>
        {byIngredient ? (
          <Ingredients>{t('card.contains', { ingredients: ingredientsLine(product) })}</Ingredients>
        ) : null}
        <Description>{truncateWords(product.description)}</Description>
        <PriceRow>
          <span>
            <Price amount={product.price} /> <MrpNote price={product.price} mrp={product.mrp} />
          </span>
          <Link to={href} aria-label={t('card.quickViewLabel', { name: product.name })}>
            {t('card.quickView')}
          </Link>
        </PriceRow>
        {soldOut ? <OutOfStock>{t('card.outOfStock')}</OutOfStock> : null}
        {/* Hidden in the first paint (src/pagePaints.tsx): it was drawn for a product in stock. Schedule X
            is never offered (the cart refuses it too). */}
        {soldOnline(product.schedule) ? (
          <AddButton
            {...PAINT_HIDDEN}
            block
            disabled={soldOut || adding}
            onClick={add}
            aria-label={t(soldOut ? 'card.outOfStockLabel' : 'card.addToCartLabel', { name: product.name })}
          >
            {t(soldOut ? 'card.outOfStock' : adding ? 'card.adding' : 'card.addToCart')}
          </AddButton>
        ) : (
          <OutOfStock {...PAINT_HIDDEN}>{t('card.notSoldOnline')}</OutOfStock>
        )}
      </Body>
    </Card>
  )
}
