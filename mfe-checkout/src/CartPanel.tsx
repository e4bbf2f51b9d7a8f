// Exposed as `mfe_checkout/CartPanel`: the side cart the shell's header opens (spec: Cart panel). The
// shell's drawer is the dialog (focus in, Escape, focus back); this is its content.

import type { CartItem } from '@medstore/contracts/cart'
import { cardImageOf } from '@medstore/contracts/image-urls'
import type { CartPanelProps } from '@medstore/remote-contracts'
import { Button, EmptyState, ErrorState, formatRupees, LoadingState, theme } from '@medstore/ui'
import { apiImage, links, loginPath, registrationPath } from '@medstore/web-client'
import { Link, useNavigate } from 'react-router-dom'
import styled from 'styled-components'
import { QuantityStepper } from './cart/QuantityStepper.tsx'
import { useCart } from './cart/useCart.ts'
import { lineTotal, orderableLines, subtotalOf } from './domain/cart.ts'
import { useT } from './i18n.ts'
import { Thumb } from './screens/ui.tsx'

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`

const Line = styled.li<{ $unavailable: boolean }>`
  display: flex;
  gap: 12px;
  padding: 12px 0;
  border-bottom: 1px solid ${theme.color.border};
  opacity: ${(p) => (p.$unavailable ? 0.75 : 1)};

  .details {
    flex: 1;
    min-width: 0;
  }
  .name {
    display: block;
    margin-bottom: 2px;
    color: ${theme.color.text};
    font-weight: 600;
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  .unit {
    color: ${theme.color.muted};
    font-size: 0.85rem;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    margin-top: 8px;
  }
  .total {
    font-weight: 700;
  }
  .reason {
    display: inline-block;
    margin-top: 4px;
    padding: 2px 8px;
    border-radius: 999px;
    background: ${theme.color.dangerLight};
    color: ${theme.color.danger};
    font-size: 0.8rem;
    font-weight: 600;
  }
`

const Remove = styled.button`
  border: 0;
  background: none;
  padding: 4px 0;
  color: ${theme.color.danger};
  font: inherit;
  font-size: 0.9rem;
  text-decoration: underline;
  cursor: pointer;
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`

const Summary = styled.div`
  padding-top: 16px;
  display: grid;
  gap: 10px;

  .subtotal {
    display: flex;
    justify-content: space-between;
    font-size: 1.1rem;
  }
  .note {
    margin: 0;
    color: ${theme.color.brand};
    font-size: 0.9rem;
  }
`

function CartLine({
  item,
  busy,
  onQuantity,
  onRemove,
}: {
  item: CartItem
  busy: boolean
  onQuantity: (quantity: number) => void
  onRemove: () => void
}) {
  const t = useT()
  const product = item.productId
  const href = links.product(product._id)
  return (
    <Line $unavailable={!item.available} data-testid="cart-line">
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <Thumb src={apiImage(cardImageOf(product.image))} alt="" loading="lazy" />
      </Link>
      <div className="details">
        <Link className="name" to={href}>
          {product.name}
        </Link>
        <span className="unit">{t('panel.each', { price: formatRupees(product.price) })}</span>
        {!item.available ? (
          <div>
            <span className="reason">
              {t('common.unavailable', { reason: item.unavailableReason ?? t('common.cannotBeOrdered') })}
            </span>
          </div>
        ) : null}
        <div className="row">
          <QuantityStepper item={item} busy={busy} onChange={onQuantity} />
          <span className="total" data-testid="line-total">
            {item.available ? formatRupees(lineTotal(item)) : '—'}
          </span>
        </div>
        <Remove
          type="button"
          aria-label={t('common.removeLabel', { name: product.name })}
          disabled={busy}
          onClick={onRemove}
        >
          {t('common.remove')}
        </Remove>
      </div>
    </Line>
  )
}

export function CartPanel({ onClose }: CartPanelProps) {
  const t = useT()
  const navigate = useNavigate()
  const { signedIn, state, busy, setQuantity, remove, reload } = useCart()

  const continueShopping = (
    <Button variant="secondary" block onClick={onClose}>
      {t('panel.continueShopping')}
    </Button>
  )

  if (!signedIn)
    return (
      <div data-remote="mfe_checkout" data-widget="cart-panel">
        <EmptyState>
          <p>{t('panel.signInPrompt')}</p>
          <p>
            {t.rich('panel.signInOrRegister', {
              signIn: (text) => (
                <Link to={loginPath()} onClick={onClose}>
                  {text}
                </Link>
              ),
              register: (text) => (
                <Link to={registrationPath()} onClick={onClose}>
                  {text}
                </Link>
              ),
            })}
          </p>
        </EmptyState>
        {continueShopping}
      </div>
    )

  if (state.status === 'loading')
    return (
      <div data-remote="mfe_checkout" data-widget="cart-panel">
        <LoadingState label={t('panel.loading')} />
      </div>
    )
  if (state.status === 'error')
    return (
      <div data-remote="mfe_checkout" data-widget="cart-panel">
        <ErrorState message={state.message} onRetry={reload} />
        {continueShopping}
      </div>
    )

  const { items } = state.cart
  const canCheckout = orderableLines(items).length > 0
  return (
    <div data-remote="mfe_checkout" data-widget="cart-panel">
      {items.length === 0 ? (
        <EmptyState>{t('panel.empty')}</EmptyState>
      ) : (
        <Lines aria-label={t('panel.items')}>
          {items.map((item) => (
            <CartLine
              key={item._id}
              item={item}
              busy={busy === item.productId._id}
              onQuantity={(quantity) => void setQuantity(item, quantity)}
              onRemove={() => void remove(item)}
            />
          ))}
        </Lines>
      )}
      <Summary>
        <div className="subtotal">
          <strong>{t('common.subtotal')}</strong>
          <strong data-testid="cart-subtotal">{formatRupees(subtotalOf(items))}</strong>
        </div>
        <p className="note">{t('panel.note')}</p>
        <Button
          block
          disabled={!canCheckout}
          onClick={() => {
            navigate('/checkout')
            onClose()
          }}
        >
          {t('panel.checkout')}
        </Button>
        {continueShopping}
      </Summary>
    </div>
  )
}
