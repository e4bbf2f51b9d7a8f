/**
 * Checkout's page paint (src/pagePaints.tsx): filled with a cart the way the shell's index.html fills it,
 * it is the very markup the Checkout screen draws for the same cart, apart from what the paint keeps
 * unseen (PAINT_HIDDEN: the thumbnails, line totals and sums) by design.
 */
import type { CartResponse } from '@medstore/contracts/cart'
import { renderPaint } from '@medstore/mf-config/paint-render'
import { drawnPage, filledPaint } from '@medstore/mf-config/paint-testing'
import { describe, expect, it } from 'vitest'
import { paintFormats, paints } from '../src/pagePaints.tsx'

const line = (index: number, name: string, price: number, quantity: number) => ({
  _id: `line-${index}`,
  quantity,
  productId: {
    _id: `p${index}`,
    name,
    price,
    image: `http://api.test/product/image/${'a'.repeat(31)}${index}`,
  },
  available: true,
  maxQuantity: 20,
})

describe("checkout's page paint", () => {
  it('fills /checkout with the cart lines the Checkout screen draws for the same cart', () => {
    const cart: CartResponse = {
      cart: {
        items: [
          line(1, 'Dolo 650 Tablet', 30.91, 2),
          line(2, 'Himalaya Ashwagandha <60 tablets> & more', 123456.5, 1),
          line(3, 'Volini Gel', 0.5, 20),
        ],
        subtotal: 123580.82,
      },
    }
    const paint = renderPaint(paints['/checkout']!, paintFormats)
    const filled = filledPaint(paint.html, cart)
    expect(filled).toBe(drawnPage(paints['/checkout']!, paintFormats, cart))
    expect(filled).toContain('₹1,23,456.50')
    // The thumbnails are not loaded from the paint (their card URLs are made from the image's).
    expect(paint.html).not.toMatch(/<img[^>]* src=/)
  })
})
