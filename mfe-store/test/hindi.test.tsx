// @vitest-environment happy-dom
import { useLanguageStore } from '@medstore/ui'
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ProductCard } from '../src/components/ProductCard.tsx'
import { ReviewOverviewCard, Reviews } from '../src/components/Reviews.tsx'
import { ready } from '../src/i18n.ts'
import { renderAt, resetPage, sampleProducts } from './helpers.tsx'

afterEach(() => {
  resetPage()
  useLanguageStore.getState().setLanguage('en')
})

const overview = {
  averageRating: 3.6,
  totalRatings: 1,
  ratingPercentages: { 1: 0, 2: 0, 3: 0, 4: 100, 5: 0 },
}

describe('the store in Hindi', () => {
  it('switches a card and the review overview to Hindi and back, keeping the product name', async () => {
    const [product] = sampleProducts(1)
    if (!product) throw new Error('no sample product')
    renderAt(
      '/',
      <>
        <ProductCard product={product} />
        <ReviewOverviewCard overview={overview} />
      </>,
    )
    expect(screen.getByRole('button', { name: `Add to Cart: ${product.name}` }).textContent).toBe(
      'Add to Cart',
    )
    expect(screen.getByText('1 rating')).toBeTruthy()
    await act(async () => {
      useLanguageStore.getState().setLanguage('hi')
      await ready('hi')
    })
    expect(screen.getByRole('button', { name: `कार्ट में डालें: ${product.name}` }).textContent).toBe('कार्ट में डालें')
    expect(screen.getByText('1 रेटिंग')).toBeTruthy()
    expect(screen.getAllByRole('progressbar')[1]?.getAttribute('aria-label')).toBe('4 स्टार')
    expect(screen.getByText('₹1,234.50')).toBeTruthy()
    act(() => useLanguageStore.getState().setLanguage('en'))
    expect(screen.getByText('Quick view')).toBeTruthy()
  })

  it("keeps each language's word order around a link (sign in to review)", async () => {
    await act(async () => {
      useLanguageStore.getState().setLanguage('hi')
      await ready('hi')
    })
    renderAt('/', <Reviews productId="p1" />)
    const link = screen.getByRole('link', { name: 'साइन इन करें' })
    expect(link.closest('p')?.textContent).toBe('इस उत्पाद की समीक्षा लिखने के लिए कृपया साइन इन करें।')
    expect(link.getAttribute('href')).toContain('/login')
  })
})
