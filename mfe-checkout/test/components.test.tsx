// @vitest-environment happy-dom

import type { IncomingMessage } from 'node:http'
import type { CartResponse } from '@medstore/contracts/cart'
import {
  configureRuntime,
  signIn,
  signOut,
  useCartSummaryStore,
  useNotificationStore,
} from '@medstore/web-client'
import { json, startTestServer } from '@medstore/web-client/testing'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CartPanel } from '../src/CartPanel.tsx'
import { Checkout } from '../src/screens/Checkout.tsx'
import { MyOrders } from '../src/screens/MyOrders.tsx'

const customer = {
  token: 'customer-token',
  userInfo: { id: 'u1', name: 'Asha Rao', email: 'asha@example.in', userName: 'asha', isAdmin: false },
}

const item = (id: string, price: number, quantity: number, maxQuantity: number, available = true) => ({
  _id: `line-${id}`,
  quantity,
  productId: { _id: id, name: `Product ${id}`, price, image: `/img/${id}.png` },
  available,
  ...(available ? {} : { unavailableReason: 'Out of stock' }),
  maxQuantity,
})

let cart: CartResponse['cart']
/** What POST /order answers next: a status and body, or 'drop' for a connection that dies. */
let orderAnswers: ({ status: number; body: unknown } | 'drop')[] = []
const orderKeys: (string | undefined)[] = []
const orderQueries: URLSearchParams[] = []
let ordersFail = false
let cartFails = false

const sampleOrder = (n: number) => ({
  _id: `o${n}`,
  number: `MS-${String(n).padStart(6, '0')}`,
  userId: 'u1',
  items: [
    {
      _id: `i${n}`,
      productId: { _id: 'a', name: 'Neem', image: '', category: 'Ayurveda', price: 10 },
      quantity: 2,
      price: 10,
      status: 'pending',
    },
  ],
  shippingInfo: {
    customerName: `Customer ${n}`,
    phoneNumber: '9876543210',
    country: 'India',
    state: 'Kerala',
    city: 'Kochi',
    addressLine1: `${n} Beach Road`,
    addressLine2: '',
    postalCode: '682001',
    street: 'Beach Road',
    houseNumber: String(n),
  },
  paymentType: 'cash',
  paymentStatus: 'pending',
  paymentLinkUrl: null,
  refunds: [],
  totalPrice: 20 * n,
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
})

let gateway: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  const putLine = (_req: IncomingMessage, res: Parameters<typeof json>[0], body: string) => {
    if (cartFails) return json(res, 503, { message: 'The cart service is unavailable right now.' })
    const { productId, quantity } = JSON.parse(body) as { productId: string; quantity: number }
    cart = { ...cart, items: cart.items.map((i) => (i.productId._id === productId ? { ...i, quantity } : i)) }
    json(res, 200, { cart })
  }
  gateway = await startTestServer({
    'GET /cart': (_req, res) => json(res, 200, { cart }),
    'DELETE /cart': (_req, res) => json(res, 503, { message: 'The cart service is unavailable right now.' }),
    'PUT /cart': putLine,
    'POST /order': (req, res) => {
      orderKeys.push(req.headers['idempotency-key'] as string | undefined)
      const answer = orderAnswers.shift() ?? { status: 500, body: { message: 'unexpected' } }
      if (answer === 'drop') req.socket.destroy()
      else json(res, answer.status, answer.body)
    },
    'GET /order/user-order': (req, res) => {
      const query = new URL(req.url ?? '', 'http://x').searchParams
      orderQueries.push(query)
      if (ordersFail) return json(res, 503, { message: 'The order service is unavailable right now.' })
      const page = Number(query.get('page') ?? 1)
      const all = Array.from({ length: 7 }, (_, i) => sampleOrder(7 - i))
      const matching = all.filter(
        (o) => !query.get('name') || o.shippingInfo.customerName.includes(query.get('name') ?? ''),
      )
      json(res, 200, {
        orders: matching.slice((page - 1) * 5, page * 5),
        total: matching.length,
        page,
        limit: 5,
      })
    },
  })
  configureRuntime({ apiUrl: gateway.url })
})
afterAll(() => gateway.close())

beforeEach(() => {
  cleanup()
  signOut()
  localStorage.clear()
  useNotificationStore.setState({ toasts: [] })
  gateway.requests.length = 0
  orderKeys.length = 0
  orderQueries.length = 0
  orderAnswers = []
  cart = {
    items: [item('a', 120.5, 1, 20), item('b', 49.75, 3, 3), item('c', 99, 1, 0, false)],
    subtotal: 390.25,
  }
})

function Where() {
  const { pathname, search } = useLocation()
  return <div data-testid="location">{`${pathname}${search}`}</div>
}

function renderAt(url: string, routes: Record<string, ReactNode>) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
      <Where />
    </MemoryRouter>,
  )
}

describe('cart panel', () => {
  it('shows line totals and the subtotal of the available lines; − is inert at 1, + stops at the stock', async () => {
    signIn(customer)
    let closed = 0
    renderAt('/', { '/': <CartPanel onClose={() => closed++} />, '/checkout': <p>checkout page</p> })
    await screen.findByText('Product a')
    const totals = screen.getAllByTestId('line-total').map((el) => el.textContent)
    expect(totals).toEqual(['₹120.50', '₹149.25', '—'])
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('₹269.75')
    expect(screen.getByText(/Unavailable: Out of stock/)).toBeTruthy()
    expect(screen.getByText('Free delivery · Prices include all taxes.')).toBeTruthy()

    const minusA = screen.getByRole('button', { name: 'Decrease quantity of Product a' }) as HTMLButtonElement
    const plusB = screen.getByRole('button', { name: 'Increase quantity of Product b' }) as HTMLButtonElement
    expect(minusA.disabled).toBe(true)
    expect(plusB.disabled).toBe(true)
    fireEvent.click(minusA)
    fireEvent.click(plusB)
    expect(gateway.requests.filter((r) => r.method === 'PUT')).toEqual([])

    const revision = useCartSummaryStore.getState().revision
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Product a' }))
    await waitFor(() => expect(screen.getByTestId('cart-subtotal').textContent).toBe('₹390.25'))
    expect(JSON.parse(gateway.requests.find((r) => r.method === 'PUT')?.body ?? '')).toEqual({
      productId: 'a',
      quantity: 2,
    })
    expect(useCartSummaryStore.getState().revision).toBeGreaterThan(revision)
    expect(useNotificationStore.getState().toasts.map((t) => t.message)).toContain('Cart updated')

    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }))
    expect(screen.getByTestId('location').textContent).toBe('/checkout')
    expect(closed).toBe(1)
  })

  it("says the spec's 'Failed to update cart.' and 'Failed to remove product from cart.' with the server's reason", async () => {
    signIn(customer)
    cartFails = true
    try {
      renderAt('/', { '/': <CartPanel onClose={() => {}} /> })
      await screen.findByText('Product a')
      fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Product a' }))
      const toasts = () => useNotificationStore.getState().toasts.map((t) => [t.message, t.description])
      const reason = 'The cart service is unavailable right now.'
      await waitFor(() => expect(toasts()).toContainEqual(['Failed to update cart.', reason]))
      fireEvent.click(screen.getByRole('button', { name: 'Remove Product a' }))
      await waitFor(() => expect(toasts()).toContainEqual(['Failed to remove product from cart.', reason]))
    } finally {
      cartFails = false
    }
  })

  it('disables Checkout on an empty cart and asks a guest to sign in', async () => {
    cart = { items: [], subtotal: 0 }
    signIn(customer)
    renderAt('/', { '/': <CartPanel onClose={() => {}} /> })
    await screen.findByText(/Your cart is empty/)
    expect((screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(true)
    cleanup()
    signOut()
    renderAt('/', { '/': <CartPanel onClose={() => {}} /> })
    expect(screen.getByText('Sign in to see your cart and check out.')).toBeTruthy()
  })
})

const fill = (values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label), { target: { value } })
}
const address = {
  'Mobile number': '9876543210',
  'House number': '12',
  Street: 'MG Road',
  'Address line 1': 'Flat 4B',
  City: 'Pune',
  State: 'Maharashtra',
  'PIN code': '411001',
}

describe('checkout', () => {
  it('validates with the server’s rules next to the fields and sends nothing until they pass', async () => {
    signIn(customer)
    renderAt('/checkout', { '/checkout': <Checkout /> })
    await screen.findByRole('heading', { name: 'Enter Shipping Info' })
    expect(screen.getByTestId('checkout-total').textContent).toBe('₹269.75')
    expect(screen.getByText('Free delivery')).toBeTruthy()
    expect((screen.getByRole('radio', { name: /Cash on delivery/ }) as HTMLInputElement).checked).toBe(true)
    fill({ 'PIN code': '12345' })
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }))
    const pin = screen.getByLabelText('PIN code')
    // The rules load on the first send (zod stays off the first render).
    await waitFor(() => expect(pin.getAttribute('aria-invalid')).toBe('true'))
    expect(document.getElementById(pin.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Postal code must be a 6-digit PIN code',
    )
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBeNull()
    expect(orderKeys).toEqual([])
  })

  it('retries with the same Idempotency-Key after a dropped connection, keeps the form, and follows the link', async () => {
    signIn(customer)
    orderAnswers = [
      'drop',
      {
        status: 201,
        body: {
          order: sampleOrder(1),
          paymentLinkUrl: `${window.location.origin}/checkout/confirmation?orderId=o1`,
        },
      },
    ]
    useCartSummaryStore.getState().setItemCount(4)
    renderAt('/checkout', { '/checkout': <Checkout />, '/checkout/confirmation': <p>confirmation</p> })
    await screen.findByRole('heading', { name: 'Enter Shipping Info' })
    fill(address)
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Failed to create order.')).toBeTruthy()
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Pune')
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/checkout/confirmation?orderId=o1'),
    )
    // The badge empties at once: this gateway still answers the old cart, as the real cart service does
    // until it hears of the order.
    expect(useCartSummaryStore.getState().itemCount).toBe(0)
    expect(orderKeys).toHaveLength(2)
    expect(orderKeys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(orderKeys[1]).toBe(orderKeys[0])
    const sent = JSON.parse(gateway.requests.filter((r) => r.path === '/order').at(-1)?.body ?? '')
    expect(sent.items).toEqual([
      { productId: 'a', quantity: 1 },
      { productId: 'b', quantity: 3 },
    ])
    expect(sent.paymentType).toBe('cash')
  })

  it('takes a new key after the server refused (not enough stock) and shows its reason', async () => {
    signIn(customer)
    orderAnswers = [
      { status: 409, body: { message: 'Only 2 of Product b left' } },
      { status: 409, body: { message: 'Only 2 of Product b left' } },
    ]
    renderAt('/checkout', { '/checkout': <Checkout /> })
    await screen.findByRole('heading', { name: 'Enter Shipping Info' })
    fill(address)
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }))
    expect(await screen.findByText('Only 2 of Product b left')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    await waitFor(() => expect(orderKeys).toHaveLength(2))
    expect(orderKeys[1]).not.toBe(orderKeys[0])
  })
})

describe('my orders', () => {
  it('shows 5 orders a page, pages with buttons, and sends the filters to the server', async () => {
    signIn(customer)
    renderAt('/my-orders', { '/my-orders': <MyOrders /> })
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(5))
    expect(orderQueries.at(-1)?.get('limit')).toBe('5')
    expect(screen.getAllByTestId('order-row-total')[0]?.textContent).toBe('₹140.00')
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2))
    expect(orderQueries.at(-1)?.get('page')).toBe('2')

    fill({ 'Customer name': 'Customer 3', Price: '60' })
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } })
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1))
    const query = orderQueries.at(-1)
    expect(Object.fromEntries(query ?? [])).toEqual({
      name: 'Customer 3',
      price: '60',
      status: 'pending',
      page: '1',
      limit: '5',
    })

    // As the table shows it (₹ and two decimals), and the date day first.
    fill({ 'Customer name': '', Price: '₹1,060.00', 'Order date': '20/11/2026' })
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() =>
      expect(Object.fromEntries(orderQueries.at(-1) ?? [])).toMatchObject({
        price: '1060',
        date: '2026-11-20',
      }),
    )

    fill({ Price: '60 rupees' })
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    expect(await screen.findByText('Price may hold only digits, a dot, commas and ₹')).toBeTruthy()
    fill({ Price: '', 'Order date': '11/20/2026' })
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    expect(await screen.findByText('Enter the date as dd/mm/yyyy, e.g. 28/11/2026')).toBeTruthy()
  })

  it("says the spec's 'Failed to fetch orders by user.' and the server's reason when the list fails", async () => {
    signIn(customer)
    ordersFail = true
    try {
      renderAt('/my-orders', { '/my-orders': <MyOrders /> })
      expect(await screen.findByText(/^Failed to fetch orders by user\. /)).toBeTruthy()
    } finally {
      ordersFail = false
    }
  })
})
