import type { Product } from '@medstore/contracts/catalogue'
import { soldOnline } from '@medstore/contracts/medicine'
import { Button, EmptyState, ErrorState, LoadingState, Price, theme } from '@medstore/ui'
import { ApiError, apiImage, links, PAINT_HIDDEN, usePageTitle } from '@medstore/web-client'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import styled from 'styled-components'
import { fullWidthPicture } from '../components/card.ts'
import { DeliveryCheck } from '../components/DeliveryCheck.tsx'
import { MedicineFacts } from '../components/MedicineFacts.tsx'
import { MrpNote } from '../components/MrpNote.tsx'
import { QuantityStepper } from '../components/QuantityStepper.tsx'
import { Reviews } from '../components/Reviews.tsx'
import { RxMark } from '../components/RxMark.tsx'
import { Substitutes } from '../components/Substitutes.tsx'
import { Tabs } from '../components/Tabs.tsx'
import { storeApi } from '../data/api.ts'
import { addToCart } from '../data/cart.ts'
import { useRemote } from '../data/useRemote.ts'
import { clampQuantity, maxOrderable, truncateWords } from '../domain/catalogue.ts'
import { useT } from '../i18n.ts'
import { Section } from './ui.tsx'

const Layout = styled.div`
  display: grid;
  gap: 20px;
  margin-bottom: 24px;

  @media (min-width: ${theme.mobile}) {
    grid-template-columns: minmax(0, 5fr) minmax(0, 6fr);
    gap: 40px;
  }
`

const Picture = styled.div`
  /* Square as its picture, not as tall as the facts beside it (a blank band under the picture). */
  align-self: start;
  width: 100%;
  max-width: 420px;
  margin: 0 auto;
  border: 1px solid ${theme.color.border};
  border-radius: 16px;
  background: ${theme.color.brandLighter};
  overflow: hidden;

  img {
    ${fullWidthPicture('1 / 1', 'contain')}
  }
`

const Info = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  min-width: 0;

  h1 {
    margin: 0;
    font-size: clamp(1.4rem, 4vw, 2rem);
    line-height: 1.2;
    color: ${theme.color.text};
    overflow-wrap: anywhere;
  }

  .category {
    margin: 0;
    color: ${theme.color.muted};
  }

  .price {
    margin: 0;
    font-size: 1.7rem;
    font-weight: 800;
  }

  .price .tax {
    display: block;
    font-size: 0.8rem;
    font-weight: 500;
    color: ${theme.color.muted};
  }

  .description {
    margin: 0;
    line-height: 1.55;
    color: ${theme.color.muted};
    overflow-wrap: anywhere;
  }
`

const Stock = styled.p<{ $out: boolean }>`
  margin: 0;
  font-weight: 600;
  color: ${(p) => (p.$out ? theme.color.danger : theme.color.brand)};
`

const Buy = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: stretch;
  gap: 12px;
`

const Note = styled.p`
  margin: 0;
  padding: 10px 12px;
  border: 1px solid ${theme.color.warningBorder};
  border-radius: ${theme.radius};
  background: ${theme.color.warningLight};
  font-size: 0.9rem;
`

/** The product, or null when there is no such product (an unknown or malformed id). */
async function loadProduct(productId: string, signal: AbortSignal): Promise<Product | null> {
  try {
    return await storeApi.product(productId, signal)
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null
    throw error
  }
}

function NotFound() {
  const t = useT()
  return (
    <EmptyState>
      <h1 style={{ color: theme.color.text }}>{t('product.notFound')}</h1>
      <p>{t('product.notFoundText')}</p>
      <Link to="/products">{t('product.browseAll')}</Link>
    </EmptyState>
  )
}

function ProductView({ product }: { product: Product }) {
  const t = useT()
  const [quantity, setQuantity] = useState(1)
  const [adding, setAdding] = useState(false)
  const soldOut = maxOrderable(product.stock) < 1
  const add = async () => {
    setAdding(true)
    if (await addToCart(product._id, clampQuantity(quantity, product.stock))) setQuantity(1)
    setAdding(false)
  }
  return (
    <>
      <Layout>
        <Picture>
          {/* The page's largest element, the 800 px WebP rather than the upload (which may be a 10 MB
              photo); index.html preloaded it at high priority too. */}
          <img
            src={apiImage(product.picture)}
            alt={product.name}
            width={800}
            height={800}
            fetchPriority="high"
          />
        </Picture>
        <Info>
          <h1>{product.name}</h1>
          <p className="category">
            {t('product.category')} <Link to={links.category(product.category)}>{product.category}</Link>
          </p>
          <p className="price">
            <Price amount={product.price} /> <MrpNote price={product.price} mrp={product.mrp} />
            <span className="tax">{t('price.taxIncluded')}</span>
          </p>
          <MedicineFacts product={product} />
          {/* Hidden in the first paint (src/pagePaints.tsx): it was drawn for a product in stock. */}
          <Stock $out={soldOut} {...PAINT_HIDDEN}>
            {soldOut
              ? t('product.outOfStock')
              : product.stock <= 10
                ? t('product.inStockFew', { count: product.stock })
                : t('product.inStock')}
          </Stock>
          {product.requiresPrescription ? (
            <Note>
              <RxMark /> {t('product.rxNote')}
            </Note>
          ) : null}
          {/* The opening words here; the whole text is under the Description tab. */}
          <p className="description">{truncateWords(product.description, 30)}</p>
          {!soldOnline(product.schedule) ? (
            <Note {...PAINT_HIDDEN}>{t('facts.notSoldOnline')}</Note>
          ) : soldOut ? null : (
            <Buy {...PAINT_HIDDEN}>
              <QuantityStepper
                value={quantity}
                stock={product.stock}
                onChange={setQuantity}
                label={t('product.quantityOf', { name: product.name })}
              />
              <Button onClick={add} disabled={adding}>
                {adding ? t('product.adding') : t('product.addToCart')}
              </Button>
            </Buy>
          )}
          <DeliveryCheck />
        </Info>
      </Layout>
      <Substitutes productId={product._id} />
      <Tabs
        label={t('product.info')}
        tabs={[
          {
            id: 'description',
            label: t('product.description'),
            content: (
              // Hidden in the first paint: its stand-in holds the first 30 words, not the whole text.
              <p style={{ margin: 0, lineHeight: 1.6, overflowWrap: 'anywhere' }} {...PAINT_HIDDEN}>
                {product.description}
              </p>
            ),
          },
          { id: 'reviews', label: t('product.reviews'), content: <Reviews productId={product._id} /> },
        ]}
      />
    </>
  )
}

/** `/productDetails?productId=`: the product, its stepper and Add To Cart, Description and Reviews tabs. */
export function ProductDetails() {
  const t = useT()
  const [params] = useSearchParams()
  const productId = params.get('productId')?.trim() ?? ''
  const remote = useRemote<Product | null>(
    productId,
    (signal) => (productId ? loadProduct(productId, signal) : Promise.resolve(null)),
    () => (productId ? storeApi.peekProduct(productId) : undefined),
  )
  usePageTitle(remote.status === 'done' ? (remote.data?.name ?? t('product.notFound')) : undefined)
  return (
    <Section data-remote="mfe_store">
      {remote.status === 'error' ? (
        <ErrorState message={remote.message} failure={t('product.failed')} onRetry={remote.reload} />
      ) : remote.status === 'loading' || remote.data === undefined ? (
        <LoadingState />
      ) : remote.data === null ? (
        <NotFound />
      ) : (
        <ProductView key={remote.data._id} product={remote.data} />
      )}
    </Section>
  )
}
