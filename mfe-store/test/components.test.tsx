// @vitest-environment happy-dom
import { configureRuntime } from '@medstore/web-client'
import { json, startTestServer } from '@medstore/web-client/testing'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CappedGrid } from '../src/components/CappedGrid.tsx'
import { QuantityStepper } from '../src/components/QuantityStepper.tsx'
import { ReviewOverviewCard, Reviews } from '../src/components/Reviews.tsx'
import { SearchBox } from '../src/components/SearchBox.tsx'
import { Products } from '../src/screens/Products.tsx'
import { categoryList, pageOf, renderAt, resetPage, sampleProducts } from './helpers.tsx'

let products = sampleProducts(20)
let gateway: Awaited<ReturnType<typeof startTestServer>>
const productQueries: URLSearchParams[] = []

beforeAll(async () => {
  gateway = await startTestServer({
    'GET /category': (_req, res) => json(res, 200, categoryList),
    'GET /product': (req, res) => {
      productQueries.push(new URL(req.url ?? '/', 'http://x').searchParams)
      json(res, 200, pageOf(products, req.url ?? '/'))
    },
    'GET /review/overview': (_req, res) =>
      json(res, 200, {
        averageRating: 5,
        totalRatings: 1,
        ratingPercentages: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 100 },
      }),
    'GET /review': (_req, res) =>
      json(res, 200, [
        {
          _id: 'r1',
          rating: 5,
          comment: 'Worked in a day',
          productId: 'p1',
          userId: { _id: 'u1', firstName: 'Asha', lastName: 'Rao' },
          verifiedPurchase: true,
          // 20:00 UTC on 22 November is already the 23rd in India.
          createdAt: '2026-11-22T20:00:00.000Z',
        },
      ]),
  })
  configureRuntime({ apiUrl: gateway.url })
})
afterAll(() => gateway.close())
beforeEach(() => {
  resetPage()
  products = sampleProducts(20)
  productQueries.length = 0
})

const cardList = () => screen.findByRole('list', { name: 'Products' })
const cardNames = async () =>
  within(await cardList())
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent)

describe('the home product grid', () => {
  it('shows the first 12 matches and a Load More link to /products when more match', async () => {
    renderAt('/', <CappedGrid />)
    expect(await cardNames()).toHaveLength(12)
    expect(screen.getByRole('link', { name: 'Load More' }).getAttribute('href')).toBe('/products')
    expect(productQueries[0]?.get('limit')).toBe('12')
  })

  it('has no Load More link when 12 or fewer match', async () => {
    products = sampleProducts(12)
    renderAt('/', <CappedGrid />)
    expect(await cardNames()).toHaveLength(12)
    expect(screen.queryByRole('link', { name: 'Load More' })).toBeNull()
  })

  it('filters by category and by search text, and Load More carries the filters', async () => {
    renderAt('/', <CappedGrid />)
    await cardList()
    const select = screen.getByLabelText('Category') as HTMLSelectElement
    await waitFor(() => expect(select.options).toHaveLength(4))
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'All',
      'Pain & Fever',
      'Ayurvedic',
      'Vitamins',
    ])
    fireEvent.change(select, { target: { value: 'Ayurvedic' } })
    await waitFor(async () => expect(await cardNames()).toHaveLength(7)) // 20 spread over 3 categories
    for (const card of within(await cardList()).getAllByRole('listitem'))
      expect(card.textContent).toContain('Ayurvedic')
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'churna' } })
    await waitFor(() => expect(productQueries.at(-1)?.get('q')).toBe('churna'))
    expect(productQueries.at(-1)?.get('category')).toBe('Ayurvedic')
    await waitFor(async () =>
      expect((await cardNames()).every((name) => name?.includes('Ashwagandha Churna'))).toBe(true),
    )
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'nothing like it' } })
    await screen.findByText('No products match your search.')
  })

  it('says what a card found by its salt contains, and nothing more on cards found by name', async () => {
    products = [
      ...sampleProducts(3),
      {
        ...sampleProducts(1)[0]!,
        _id: 'brand',
        name: 'Pyrexon 650 Tablet',
        composition: [
          { salt: 'Paracetamol', strength: '650 mg' },
          { salt: 'Caffeine', strength: '30 mg' },
        ],
      },
    ]
    renderAt('/', <CappedGrid />)
    await cardList()
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'paracetamol' } })
    await waitFor(async () => expect(await cardNames()).toHaveLength(3))
    const cards = within(await cardList()).getAllByRole('listitem')
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual([
      'Paracetamol 100 mg Tablet',
      'Paracetamol 102 mg Tablet',
      'Pyrexon 650 Tablet',
    ])
    expect(cards[2]!.textContent).toContain('Contains Paracetamol 650 mg + Caffeine 30 mg')
    expect(cards.slice(0, 2).some((card) => card.textContent?.includes('Contains'))).toBe(false)
  })

  it('cards cut the description to 10 words, show ₹ in Indian grouping, out-of-stock and Rx marks', async () => {
    renderAt('/', <CappedGrid />)
    const cards = within(await cardList()).getAllByRole('listitem')
    const first = cards[0]!
    expect(within(first).getByText('one two three four five six seven eight nine ten…')).toBeTruthy()
    expect(first.textContent).toContain('₹1,234.50')
    expect(within(first).getByRole('button', { name: 'Add to Cart: Paracetamol 100 mg Tablet' })).toBeTruthy()
    expect(within(first).getByRole('link', { name: 'Quick view: Paracetamol 100 mg Tablet' })).toBeTruthy()
    const soldOut = within(cards[1]!).getByRole('button', { name: /^Out of stock:/ }) as HTMLButtonElement
    expect(soldOut.disabled).toBe(true)
    expect(within(cards[2]!).getByRole('img', { name: 'Prescription required' })).toBeTruthy()
    expect(within(cards[0]!).queryByRole('img', { name: 'Prescription required' })).toBeNull()
  })

  it("shows 'Loading...' then the spec's 'Failed to fetch products.' and the reason, with Retry, when the catalogue fails", async () => {
    const failing = await startTestServer({
      'GET /category': (_req, res) => json(res, 200, []),
      'GET /product': (_req, res) => json(res, 503, { message: 'Catalogue is resting' }),
    })
    configureRuntime({ apiUrl: failing.url })
    try {
      renderAt('/', <CappedGrid />)
      expect(screen.getByText('Loading...')).toBeTruthy()
      await screen.findByText('Failed to fetch products. Catalogue is resting')
      expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    } finally {
      configureRuntime({ apiUrl: gateway.url })
      await failing.close()
    }
  })
})

function StepperHarness({ stock }: { stock: number }) {
  const [value, setValue] = useState(1)
  return <QuantityStepper value={value} stock={stock} onChange={setValue} label="Quantity of X" />
}

describe('/products', () => {
  it('reads its filters from the URL and writes new ones back, so a link or a reload keeps them', async () => {
    products = sampleProducts(60)
    renderAt('/products?category=Ayurvedic&q=churna', <Products />)
    expect(await cardNames()).toHaveLength(10) // the Ayurvedic Churnas among 60
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Ayurvedic')
    expect((screen.getByLabelText('Search products') as HTMLInputElement).value).toBe('churna')
    expect(productQueries[0]?.toString()).toBe('q=churna&category=Ayurvedic&page=1&limit=24')
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'paracetamol' } })
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/products?q=paracetamol&category=Ayurvedic'),
    )
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'All' } })
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/products?q=paracetamol'))
    await screen.findByText('30 products')
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/products?q=paracetamol&page=2'),
    )
    await waitFor(async () => expect(await cardNames()).toHaveLength(6))
  })
})

describe('the quantity stepper', () => {
  const value = () => screen.getByLabelText('Quantity').textContent
  const plus = () => screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement
  const minus = () => screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement

  it('starts at 1, never goes below 1 nor above the stock', () => {
    renderAt('/', <StepperHarness stock={3} />)
    expect(value()).toBe('1')
    expect(minus().disabled).toBe(true)
    fireEvent.click(plus())
    fireEvent.click(plus())
    expect(value()).toBe('3')
    expect(plus().disabled).toBe(true)
    fireEvent.click(plus())
    expect(value()).toBe('3')
    fireEvent.click(minus())
    expect(value()).toBe('2')
  })

  it('stops at the cart line maximum (20) however much is in stock', () => {
    renderAt('/', <StepperHarness stock={500} />)
    for (let i = 0; i < 30; i++) fireEvent.click(plus())
    expect(value()).toBe('20')
  })
})

describe('the hero search suggestions', () => {
  const box = () => screen.getByRole('combobox', { name: 'Search your medicine from here' })

  it('suggests after a pause, moves with the arrows, and Enter opens the highlighted product', async () => {
    renderAt('/', <SearchBox />)
    fireEvent.focus(box())
    fireEvent.change(box(), { target: { value: 'ashwa' } })
    const listbox = await screen.findByRole('listbox', { name: 'Medicine suggestions' })
    await waitFor(() => expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(0))
    const options = within(listbox).getAllByRole('option')
    expect(options).toHaveLength(8) // SUGGEST_LIMIT
    expect(box().getAttribute('aria-expanded')).toBe('true')
    expect(productQueries).toHaveLength(1) // one request for the whole word, typed at once
    expect(productQueries[0]?.get('q')).toBe('ashwa')

    fireEvent.keyDown(box(), { key: 'ArrowDown' })
    expect(box().getAttribute('aria-activedescendant')).toBe(options[0]!.id)
    expect(options[0]!.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(box(), { key: 'ArrowUp' }) // wraps to the last
    expect(box().getAttribute('aria-activedescendant')).toBe(options[7]!.id)
    fireEvent.keyDown(box(), { key: 'ArrowDown' }) // and back to the first
    expect(box().getAttribute('aria-activedescendant')).toBe(options[0]!.id)
    fireEvent.keyDown(box(), { key: 'ArrowDown' })
    fireEvent.keyDown(box(), { key: 'Enter' })
    expect(screen.getByTestId('location').textContent).toBe('/productDetails?productId=p4') // the second Ashwagandha
  })

  it('shows what a suggestion found by its salt or key ingredient contains', async () => {
    products = [
      ...sampleProducts(2),
      {
        ...sampleProducts(2)[1]!,
        _id: 'calm',
        name: 'Calm Mind Capsule',
        keyIngredients: ['Ashwagandha', 'Brahmi'],
      },
    ]
    renderAt('/', <SearchBox />)
    fireEvent.focus(box())
    fireEvent.change(box(), { target: { value: 'ashwagandha' } })
    const listbox = await screen.findByRole('listbox', { name: 'Medicine suggestions' })
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(2))
    const [named, calm] = within(listbox).getAllByRole('option')
    expect(named!.textContent).not.toContain('Contains')
    expect(calm!.textContent).toContain('Calm Mind Capsule')
    expect(calm!.textContent).toContain('Contains Ashwagandha, Brahmi')
  })

  it('Escape closes the list, and a second Escape clears the box', async () => {
    renderAt('/', <SearchBox />)
    fireEvent.focus(box())
    fireEvent.change(box(), { target: { value: 'para' } })
    await screen.findAllByRole('option')
    fireEvent.keyDown(box(), { key: 'Escape' })
    expect(box().getAttribute('aria-expanded')).toBe('false')
    expect((box() as HTMLInputElement).value).toBe('para')
    fireEvent.keyDown(box(), { key: 'Escape' })
    expect((box() as HTMLInputElement).value).toBe('')
  })

  it('discards a stale answer: only the latest text is shown', async () => {
    renderAt('/', <SearchBox />)
    fireEvent.focus(box())
    fireEvent.change(box(), { target: { value: 'para' } })
    await screen.findAllByRole('option')
    fireEvent.change(box(), { target: { value: 'churna' } })
    await waitFor(() =>
      expect(screen.getAllByRole('option').every((o) => o.textContent?.includes('Churna'))).toBe(true),
    )
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
    expect(screen.getAllByRole('option').every((o) => o.textContent?.includes('Churna'))).toBe(true)
  })
})

describe('the review overview', () => {
  it('rounds the average to whole stars and draws a bar per star with its percentage', () => {
    renderAt(
      '/',
      <ReviewOverviewCard
        overview={{
          averageRating: 3.6,
          totalRatings: 5,
          ratingPercentages: { 1: 0, 2: 20, 3: 0, 4: 40, 5: 40 },
        }}
      />,
    )
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy()
    expect(screen.getByText('3.6')).toBeTruthy()
    expect(screen.getByText('5 ratings')).toBeTruthy()
    const bars = screen.getAllByRole('progressbar')
    expect(bars.map((bar) => [bar.getAttribute('aria-label'), bar.getAttribute('aria-valuenow')])).toEqual([
      ['5 star', '40'],
      ['4 star', '40'],
      ['3 star', '0'],
      ['2 star', '20'],
      ['1 star', '0'],
    ])
  })

  it('says 0 ratings with empty bars when there are no reviews', () => {
    renderAt(
      '/',
      <ReviewOverviewCard
        overview={{ averageRating: 0, totalRatings: 0, ratingPercentages: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } }}
      />,
    )
    expect(screen.getByRole('img', { name: '0 out of 5 stars' })).toBeTruthy()
    expect(screen.getByText('0 ratings')).toBeTruthy()
  })
})

describe('client reviews', () => {
  it('dates each review the Indian way (dd/mm/yyyy, India time)', async () => {
    renderAt('/', <Reviews productId="p1" />)
    const review = (await screen.findByText('Worked in a day')).closest('li') as HTMLElement
    expect(within(review).getByText('23/11/2026').getAttribute('datetime')).toBe('2026-11-22T20:00:00.000Z')
  })
})
