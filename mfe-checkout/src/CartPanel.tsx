// Exposed as `mfe_checkout/CartPanel`: the side cart the shell's header opens. A placeholder until the
// checkout issue fills it (cart lines, quantity, Remove; spec: Cart panel).
import { Button, formatRupees } from '@medstore/ui'
import { Link } from 'react-router-dom'
import type { CartPanelProps } from './contract.ts'

export function CartPanel({ onClose }: CartPanelProps) {
  return (
    <div data-remote="mfe_checkout" data-widget="cart-panel">
      <p>Your cart is empty.</p>
      <p>
        <strong>Subtotal</strong> {formatRupees(0)}
      </p>
      <p>Shipping and taxes calculated at checkout.</p>
      <p>
        <Link to="/checkout" onClick={onClose}>
          Checkout
        </Link>
      </p>
      <Button variant="secondary" onClick={onClose}>
        Continue Shopping
      </Button>
    </div>
  )
}
