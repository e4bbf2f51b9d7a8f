/**
 * The checkout page index.html paints from its early read (the signed-in customer's cart,
 * ./pages.ts) before any of the app's code has arrived: the Checkout screen itself, rendered at
 * build time with stand-in data for a stand-in customer (./paint-customer.ts; see `paints` in @medstore/mf-config's
 * createWebConfig). Build time only: no page bundle imports this module.
 */
// First: the stand-in customer's sign-in is stored before web-client's profile store reads it.
import './paint-customer.ts'
import type { CartItem, CartResponse } from '@medstore/contracts/cart'
import { numberSlot, textSlot } from '@medstore/mf-config/paint'
import type { PaintDeclaration } from '@medstore/mf-config/paint-render'
import { formatRupees } from '@medstore/ui'
import type { CheckoutRoutePath } from './pages.ts'
import { Checkout } from './screens/Checkout.tsx'

function standInLine(index: number): CartItem {
  const slot = (field: string) => `cart.items.${index}.${field}`
  return {
    _id: textSlot(slot('_id')),
    quantity: numberSlot(slot('quantity')),
    productId: {
      _id: textSlot(slot('productId._id')),
      name: textSlot(slot('productId.name')),
      price: numberSlot(slot('productId.price')),
      image: textSlot(slot('productId.image')),
    },
    // Orderable: an unavailable line's reason and dash appear when React takes over.
    available: true,
    maxQuantity: numberSlot(slot('maxQuantity')),
  }
}

const cart: CartResponse = {
  cart: { items: [standInLine(0), standInLine(1)], subtotal: numberSlot('cart.subtotal') },
}

export const paints: Partial<Record<CheckoutRoutePath, PaintDeclaration>> = {
  '/checkout': {
    read: 0,
    url: '/checkout',
    data: cart,
    lists: ['cart.items'],
    element: <Checkout />,
  },
}

export const paintFormats = { rupees: formatRupees }
