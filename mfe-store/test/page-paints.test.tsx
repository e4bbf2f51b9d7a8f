/**
 * The store's page paints (src/pagePaints.tsx): rendered as the build renders them, filled the way the
 * shell's index.html fills them (mf-config's PAGE_PAINT_FILL, in a DOM), they are the very markup the
 * screens draw for the same answer, apart from what the paint keeps unseen (PAINT_HIDDEN) by design.
 */
import type { Product, ProductPage } from '@medstore/contracts/catalogue'
import { renderPaint } from '@medstore/mf-config/paint-render'
import { drawnPage, filledPaint, paintFill, paintTemplate } from '@medstore/mf-config/paint-testing'
import { describe, expect, it } from 'vitest'
import { paintFormats, paints } from '../src/pagePaints.tsx'
import { sampleProducts } from './helpers.tsx'

const filled = filledPaint
const drawn = (route: keyof typeof paints, answer: unknown) => drawnPage(paints[route]!, paintFormats, answer)

/** Products as shoppers meet them: long descriptions cut after punctuation, lakh prices, odd names. */
function products(n: number): Product[] {
  return sampleProducts(n).map((product, index) => ({
    ...product,
    name: index === 2 ? 'Dabur Chyawanprash <Special> & "Awaleha"' : product.name,
    description:
      index % 2 === 0
        ? 'Relieves fever, headache and body ache. Take one tablet every six hours, after food; do not exceed four a day.'
        : 'Short one.',
    price: [12.5, 149, 123456.75, 0.5, 99999.99, 1][index % 6] as number,
    stock: 40 + index,
    requiresPrescription: index % 3 === 0,
  }))
}

describe('the store page paints', () => {
  it('fill /products into the grid the Products screen draws for the same answer, card for card', () => {
    const answer: ProductPage = {
      products: products(7),
      total: 7,
      totalCapped: false,
      page: 1,
      limit: 24,
      ingredientMatches: [],
    }
    const paint = renderPaint(paints['/products']!, paintFormats)
    expect(filled(paint.html, answer)).toBe(drawn('/products', answer))
    // The first row loads its pictures at once, the rest lazily, as the screen has it; medicines that need a
    // prescription carry its mark (products 1, 4 and 7).
    expect(filled(paint.html, answer).match(/loading="eager"/g)).toHaveLength(4)
    expect(filled(paint.html, answer).match(/>Rx</g)).toHaveLength(3)
    expect(paint.css).toContain('grid-template-columns')
  })

  it('fill the product page with its picture, name, price and first 30 words, as ProductDetails draws them', () => {
    const product = products(1)[0] as Product
    const paint = renderPaint(paints['/productDetails']!, paintFormats)
    for (const requiresPrescription of [true, false]) {
      const long = { ...product, requiresPrescription, description: `${'Word '.repeat(40)}end.` }
      expect(filled(paint.html, long)).toBe(drawn('/productDetails', long))
      expect(filled(paint.html, long).includes('prescription is needed')).toBe(requiresPrescription)
    }
  })

  it('put values in as text and attributes, never as markup', () => {
    const [first] = products(1) as [Product]
    const hostile = { ...first, name: '<img src=x onerror=alert(1)>', picture: 'javascript:alert(1)' }
    const paint = renderPaint(paints['/productDetails']!, paintFormats)
    const page = paintTemplate(paint.html)
    paintFill(page, hostile)
    expect(page.querySelector('h1')?.textContent).toBe(hostile.name)
    expect(page.querySelectorAll('img')).toHaveLength(1)
    expect(page.querySelector('img')?.hasAttribute('src')).toBe(false)
  })

  it('refuse an answer without the list the page shows (the shell then keeps its Loading box)', () => {
    const paint = renderPaint(paints['/products']!, paintFormats)
    expect(paintFill(paintTemplate(paint.html), { message: 'Service unavailable' })).toBe(false)
  })
})
