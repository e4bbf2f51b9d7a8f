// @vitest-environment happy-dom
import { ORDER_COUNT_CAP, SHORT_NAME_WINDOW } from '@medstore/contracts/order'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { json, renderVendor, startGateway } from './helpers.tsx'

let gateway: Awaited<ReturnType<typeof startGateway>>
beforeAll(async () => {
  gateway = await startGateway()
})
afterAll(() => gateway.close())
beforeEach(() => gateway.reset())

const location = () => screen.getByTestId('location').textContent
const lastQuery = (path: string) =>
  gateway.seen.filter((r) => r.url.pathname === path).at(-1)?.url.searchParams
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } })

const order = (n: number, status = 'pending') => ({
  _id: `o${n}`,
  number: `MS-00000${n}`,
  userId: 'u1',
  items: [
    {
      _id: `i${n}`,
      productId: { _id: 'p1', name: 'Dolo 650', image: 'http://x/i.png', category: 'Fever', price: 30 },
      quantity: 2,
      price: 30,
      status,
    },
  ],
  shippingInfo: {
    customerName: `Customer ${n}`,
    phoneNumber: '9876543210',
    country: 'India',
    state: 'Karnataka',
    city: 'Bengaluru',
    addressLine1: `${n} MG Road`,
    addressLine2: '',
    postalCode: '560001',
    street: 'MG Road',
    houseNumber: '12',
  },
  paymentType: 'cash',
  paymentStatus: 'pending',
  paymentLinkUrl: null,
  refunds: [],
  totalPrice: 1234.5 * n,
  status,
  createdAt: '2026-11-20T06:00:00Z',
  updatedAt: '2026-11-20T06:00:00Z',
})

describe('routing', () => {
  it('shows a not-found state for an unknown panel', async () => {
    renderVendor('/vendor/bogus')
    expect(await screen.findByRole('heading', { name: /There is no “bogus” panel/ })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'All Orders' }).getAttribute('href')).toBe('/vendor/allOrders')
  })
})

describe('All Orders', () => {
  it('sends the filters and page from the URL, 5 per page, and Filter puts them in the URL at page 1', async () => {
    gateway.routes['GET /order'] = (_req, res) =>
      json(res, 200, { orders: [1, 2, 3, 4, 5].map((n) => order(n)), total: 12, page: 2, limit: 5 })
    renderVendor('/vendor/allOrders?page=2&status=shipped')
    await screen.findByText('Customer 1')
    expect(Object.fromEntries(lastQuery('/order') ?? [])).toEqual({
      status: 'shipped',
      page: '2',
      limit: '5',
    })
    expect(screen.getAllByRole('row')).toHaveLength(6)
    expect(screen.getByText('₹1,234.50')).toBeTruthy()
    // Long Indian dates and the order's size in units: one line of 2 strips is '2 items'.
    expect(screen.getAllByText('20 November 2026')).toHaveLength(5)
    expect(screen.getAllByText('2 items')).toHaveLength(5)
    const pager = screen.getByRole('navigation', { name: 'Orders pages' })
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeTruthy()
    expect(within(pager).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')

    type(screen.getByLabelText('Customer name'), 'asha')
    type(screen.getByLabelText('Price'), '12')
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(location()).toBe('/vendor/allOrders?status=shipped&name=asha&price=12'))
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery('/order') ?? [])).toEqual({
        name: 'asha',
        price: '12',
        status: 'shipped',
        page: '1',
        limit: '5',
      }),
    )
  })

  it('says when more orders match than the list counts, and pages up to the count', async () => {
    gateway.routes['GET /order'] = (_req, res) =>
      json(res, 200, {
        orders: [1, 2, 3, 4, 5].map((n) => order(n)),
        total: ORDER_COUNT_CAP,
        totalCapped: true,
        page: 1,
        limit: 5,
      })
    renderVendor('/vendor/allOrders?status=delivered')
    const cap = ORDER_COUNT_CAP.toLocaleString('en-IN')
    expect(
      await screen.findByText(
        `More than ${cap} orders match: the pages go as far as the ${cap} newest. Narrow the filters (a day, a status, a name) to reach older ones.`,
      ),
    ).toBeTruthy()
    const pager = screen.getByRole('navigation', { name: 'Orders pages' })
    expect(within(pager).getByRole('button', { name: `Page ${ORDER_COUNT_CAP / 5}` })).toBeTruthy()
  })

  it('says when a name of one or two letters was looked for in the newest orders only', async () => {
    const window = SHORT_NAME_WINDOW.toLocaleString('en-IN')
    gateway.routes['GET /order'] = (_req, res) =>
      json(res, 200, { orders: [order(1)], total: 1, totalCapped: false, searchedNewest: SHORT_NAME_WINDOW })
    renderVendor('/vendor/allOrders?name=om')
    expect(
      await screen.findByText(
        `A name of one or two letters is looked for in the newest ${window} orders. Type three letters or more to search every order.`,
      ),
    ).toBeTruthy()
    gateway.routes['GET /order'] = (_req, res) =>
      json(res, 200, { orders: [], total: 0, totalCapped: false, searchedNewest: SHORT_NAME_WINDOW })
    type(screen.getByLabelText('Customer name'), 'qx')
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    expect(
      await screen.findByText(
        `No orders among the newest ${window} match this name. Type three letters or more to search every order.`,
      ),
    ).toBeTruthy()
  })

  it('steps to the next page from the place the page answered, and back by number to the first', async () => {
    const cursors = (n: number) => ({ newest: `${n}000.${n}`, oldest: `${n}999.${n}` })
    gateway.routes['GET /order'] = (req, res) => {
      const page = Number(new URL(req.url ?? '', 'http://x').searchParams.get('page') ?? 1)
      json(res, 200, {
        orders: [order(page)],
        total: 20,
        totalCapped: false,
        cursors: cursors(page),
        page,
        limit: 5,
      })
    }
    renderVendor('/vendor/allOrders?status=delivered')
    await screen.findByText('MS-000001')
    const pager = () => screen.getByRole('navigation', { name: 'Orders pages' })
    fireEvent.click(within(pager()).getByRole('button', { name: 'Next' }))
    await screen.findByText('MS-000002')
    expect(Object.fromEntries(lastQuery('/order') ?? [])).toMatchObject({
      page: '2',
      after: cursors(1).oldest,
      status: 'delivered',
    })
    fireEvent.click(within(pager()).getByRole('button', { name: 'Page 4' }))
    await screen.findByText('MS-000004')
    expect(lastQuery('/order')?.has('after')).toBe(false)
    fireEvent.click(within(pager()).getByRole('button', { name: 'Previous' }))
    await screen.findByText('MS-000003')
    expect(Object.fromEntries(lastQuery('/order') ?? [])).toMatchObject({
      page: '3',
      before: cursors(4).newest,
    })
  })

  it('refuses a price filter that is not a number, without asking the server', async () => {
    gateway.routes['GET /order'] = (_req, res) => json(res, 200, { orders: [], total: 0 })
    renderVendor('/vendor/allOrders')
    await screen.findByText('No orders yet. Orders customers place in the shop appear here.')
    const before = gateway.seen.length
    type(screen.getByLabelText('Price'), '12 rupees')
    type(screen.getByLabelText('Order date'), '11/20/2026')
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    expect(await screen.findByText('Price may hold only digits, a dot, commas and ₹')).toBeTruthy()
    expect(screen.getByText('Enter the date as dd/mm/yyyy, e.g. 28/11/2026')).toBeTruthy()
    expect(gateway.seen.length).toBe(before)
  })

  it('takes the price as the table shows it and the date day first', async () => {
    gateway.routes['GET /order'] = (_req, res) => json(res, 200, { orders: [], total: 0 })
    renderVendor('/vendor/allOrders')
    await screen.findByText('No orders yet. Orders customers place in the shop appear here.')
    type(screen.getByLabelText('Price'), '₹1,234.50')
    type(screen.getByLabelText('Order date'), '20/11/2026')
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery('/order') ?? [])).toMatchObject({
        price: '1234.5',
        date: '2026-11-20',
      }),
    )
  })

  it('shows the error with Retry when the orders cannot be loaded', async () => {
    gateway.routes['GET /order'] = (_req, res) => json(res, 503, { message: 'Orders are unavailable' })
    renderVendor('/vendor/allOrders')
    expect(await screen.findByText('Failed to fetch orders. Orders are unavailable')).toBeTruthy()
    gateway.routes['GET /order'] = (_req, res) => json(res, 200, { orders: [order(1)], total: 1 })
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Customer 1')).toBeTruthy()
  })

  it('saves a status change at once and shows the refusal with the server reason', async () => {
    gateway.routes['GET /order'] = (_req, res) => json(res, 200, { orders: [order(1)], total: 1 })
    gateway.routes['PUT /order'] = (_req, res, body) =>
      json(res, 200, { order: { ...order(1), status: JSON.parse(body).status } })
    renderVendor('/vendor/allOrders')
    fireEvent.click(await screen.findByRole('button', { name: 'View order MS-000001' }))
    const dialog = screen.getByRole('dialog', { name: 'Order Details · MS-000001' })
    expect(within(dialog).getByText('-')).toBeTruthy() // address line 2 is empty
    fireEvent.change(within(dialog).getByLabelText('Order status'), { target: { value: 'shipped' } })
    expect(await screen.findByText('Order Status Changed successfully.')).toBeTruthy()
    expect(lastQuery('/order')?.get('orderId')).toBe('o1')
    expect((within(dialog).getByLabelText('Order status') as HTMLSelectElement).value).toBe('shipped')

    gateway.routes['PUT /order/item'] = (_req, res) =>
      json(res, 409, { message: 'This item has already been shipped and can no longer be cancelled' })
    fireEvent.change(within(dialog).getByLabelText('Status of Dolo 650'), { target: { value: 'cancelled' } })
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toBe(
      'Failed to change item status. This item has already been shipped and can no longer be cancelled',
    )
    expect((within(dialog).getByLabelText('Status of Dolo 650') as HTMLSelectElement).value).toBe('pending')
  })

  it("shows a paid order's refunds in its modal, and the payment status in words", async () => {
    const refunded = {
      ...order(2, 'cancelled'),
      paymentType: 'online',
      paymentStatus: 'refund_pending',
      refunds: [
        { _id: 'item_i2', itemId: 'i2', amount: 60, status: 'pending', createdAt: '2026-11-27T20:00:00Z' },
      ],
    }
    gateway.routes['GET /order'] = (_req, res) => json(res, 200, { orders: [refunded], total: 1 })
    renderVendor('/vendor/allOrders')
    fireEvent.click(await screen.findByRole('button', { name: 'View order MS-000002' }))
    const dialog = screen.getByRole('dialog', { name: 'Order Details · MS-000002' })
    expect(within(dialog).getByText('Online (refund initiated)')).toBeTruthy()
    expect(
      within(dialog).getByText('Refund of ₹60.00 for Dolo 650 initiated on 28 November 2026'),
    ).toBeTruthy()
  })
})

const product = (n: number, extra = {}) => ({
  _id: `p${n}`,
  name: `Medicine ${n}`,
  category: 'Fever',
  price: 30 + n,
  description: 'Tablets',
  image: `http://x/${n}.png`,
  thumbnail: `http://x/${n}.webp`,
  stock: n * 5,
  requiresPrescription: n % 2 === 0,
  schedule: n % 2 === 0 ? 'H' : 'OTC',
  composition: [{ salt: 'Paracetamol', strength: '650 mg' }],
  manufacturer: 'Arogya Generics Pvt Ltd',
  pack: 'strip of 15 tablets',
  packUnits: 15,
  mrp: 60 + n,
  keyIngredients: [],
  hsnCode: '3004',
  gstRate: 5,
  ...extra,
})

describe('All Products', () => {
  beforeEach(() => {
    gateway.routes['GET /product'] = (_req, res) =>
      json(res, 200, {
        products: Array.from({ length: 10 }, (_, i) => product(i + 1)),
        total: 31,
        totalCapped: false,
        page: 3,
        limit: 10,
        ingredientMatches: [],
      })
    gateway.routes['GET /category'] = (_req, res) =>
      json(res, 200, [
        { _id: 'c1', name: 'Fever' },
        { _id: 'c2', name: 'Ayurveda' },
      ])
  })

  it('10 per page; the name filter starts again at page 1; low stock and Rx stand out', async () => {
    renderVendor('/vendor/allProducts?page=3')
    await screen.findByText('Medicine 1')
    expect(Object.fromEntries(lastQuery('/product') ?? [])).toMatchObject({ page: '3', limit: '10' })
    expect(screen.getByText('₹31.00')).toBeTruthy()
    expect(screen.getByText('5 · low')).toBeTruthy() // 5 units
    expect(screen.getByText('15')).toBeTruthy() // 15 units: not low
    expect(screen.getAllByTitle('Prescription required')).toHaveLength(5)
    expect(screen.getByRole('link', { name: 'Medicine 1' }).getAttribute('href')).toBe(
      '/productDetails?productId=p1',
    )
    expect(
      within(screen.getByRole('navigation', { name: 'Products pages' })).getByRole('button', {
        name: 'Page 4',
      }),
    ).toBeTruthy()

    type(screen.getByRole('textbox', { name: 'Product Name' }), 'dolo')
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(location()).toBe('/vendor/allProducts?name=dolo'))
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery('/product') ?? [])).toMatchObject({ q: 'dolo', page: '1' }),
    )
  })

  it('asks before deleting a product', async () => {
    gateway.routes['DELETE /product'] = (_req, res) => json(res, 200, { message: 'Deleted' })
    renderVendor('/vendor/allProducts')
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Medicine 2' }))
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(gateway.seen.some((r) => r.method === 'DELETE')).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Delete Medicine 2' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it!' }))
    expect(await screen.findByText('Product deleted successfully.')).toBeTruthy()
    expect(lastQuery('/product')).toBeDefined()
    expect(gateway.seen.find((r) => r.method === 'DELETE')?.url.searchParams.get('productId')).toBe('p2')
  })
})

describe('the product dialog', () => {
  beforeEach(() => {
    gateway.routes['GET /product'] = (_req, res) =>
      json(res, 200, {
        products: [product(1)],
        total: 1,
        totalCapped: false,
        page: 1,
        limit: 10,
        ingredientMatches: [],
      })
    gateway.routes['GET /category'] = (_req, res) => json(res, 200, [{ _id: 'c1', name: 'Fever' }])
  })

  const open = async () => {
    renderVendor('/vendor/allProducts')
    fireEvent.click(await screen.findByRole('button', { name: 'Add a new Product' }))
    const dialog = screen.getByRole('dialog', { name: 'Add a new Product' })
    await within(dialog).findByRole('option', { name: 'Fever' })
    return dialog
  }
  const fill = (dialog: HTMLElement) => {
    type(within(dialog).getByLabelText('Product Name'), 'Tulsi Drops')
    type(within(dialog).getByLabelText(/Product Price/), '120.50')
    type(within(dialog).getByLabelText('Product Category'), 'Fever')
    type(within(dialog).getByLabelText('Product Details'), 'Immunity drops')
  }
  const choose = (dialog: HTMLElement, file: File) =>
    fireEvent.change(within(dialog).getByLabelText('Product Image'), { target: { files: [file] } })

  it('shows each field problem and sends nothing', async () => {
    const dialog = await open()
    type(within(dialog).getByLabelText(/Product Price/), '12.345')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }))
    expect(await within(dialog).findByText('Product name is required')).toBeTruthy()
    expect(within(dialog).getByText(/at most 2 decimals/)).toBeTruthy()
    expect(within(dialog).getByText('Description is required')).toBeTruthy()
    expect(gateway.seen.some((r) => r.method === 'POST')).toBe(false)
  })

  it('checks the image before upload: type and 10 MB', async () => {
    const dialog = await open()
    fill(dialog)
    choose(dialog, new File(['%PDF'], 'leaflet.pdf', { type: 'application/pdf' }))
    expect(await within(dialog).findByText('The image must be a PNG, JPG, GIF or WebP file.')).toBeTruthy()
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' })
    choose(dialog, big)
    expect(await within(dialog).findByText('The image must be at most 10 MB.')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }))
    await new Promise((r) => setTimeout(r, 50))
    expect(gateway.seen.some((r) => r.method === 'POST')).toBe(false)
  })

  it("stays open with the server's 413/415 reason, and closes with a toast on success", async () => {
    gateway.routes['POST /product'] = (_req, res) =>
      json(res, 415, { message: 'Image is not PNG, JPEG, GIF or WebP' })
    const dialog = await open()
    fill(dialog)
    choose(dialog, new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toMatch(/^Failed to create product\. The image type is not accepted/)
    expect(screen.getByRole('dialog', { name: 'Add a new Product' })).toBeTruthy()
    expect(gateway.seen.find((r) => r.method === 'POST')?.body).toContain('name="image"; filename="a.png"')

    gateway.routes['POST /product'] = (_req, res) => json(res, 201, product(9))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }))
    expect(await screen.findByText('Product created successfully.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('edits: pre-filled, keeps the current image when none is chosen', async () => {
    gateway.routes['PUT /product'] = (_req, res) => json(res, 200, product(1, { price: 45 }))
    renderVendor('/vendor/allProducts')
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Medicine 1' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' })
    expect((within(dialog).getByLabelText('Product Name') as HTMLInputElement).value).toBe('Medicine 1')
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('http://x/1.png')
    type(within(dialog).getByLabelText(/Product Price/), '45')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }))
    expect(await screen.findByText('Product updated successfully.')).toBeTruthy()
    const put = gateway.seen.find((r) => r.method === 'PUT')
    expect(put?.url.searchParams.get('productId')).toBe('p1')
    expect(put?.body).toContain('45')
    expect(put?.body).not.toContain('name="image"')
  })
})

describe('Categories', () => {
  const names = ['Ayurveda', 'Baby care', 'Cold & cough', 'Diabetes care', 'Eye care', 'Fever', 'Skin care']
  beforeEach(() => {
    gateway.routes['GET /category'] = (_req, res) =>
      json(
        res,
        200,
        names.map((name, i) => ({ _id: `c${i}`, name })),
      )
  })

  it('live case-insensitive search, 5 per page with Previous/Next', async () => {
    renderVendor('/vendor/categories')
    await screen.findByText('Ayurveda')
    expect(screen.getAllByRole('row')).toHaveLength(6)
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Fever')).toBeTruthy()
    expect(location()).toBe('/vendor/categories?page=2')
    type(screen.getByRole('searchbox', { name: 'Search Category' }), 'CARE')
    await waitFor(() => expect(location()).toBe('/vendor/categories?search=CARE'))
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent?.replace('Delete', '')),
    ).toEqual(['Baby care', 'Diabetes care', 'Eye care', 'Skin care'])
    type(screen.getByRole('searchbox', { name: 'Search Category' }), 'zzz')
    expect(await screen.findByText('No category matches this search.')).toBeTruthy()
  })

  it("refuses an empty name with 'Error' / 'Category name cannot be empty', then adds", async () => {
    gateway.routes['POST /category'] = (_req, res, body) =>
      json(res, 201, { _id: 'new', ...JSON.parse(body) })
    renderVendor('/vendor/categories')
    fireEvent.click(await screen.findByRole('button', { name: 'Add Category' }))
    const dialog = screen.getByRole('dialog', { name: 'Add Category' })
    type(within(dialog).getByLabelText('Category name'), '   ')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Category' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Error · Category name cannot be empty',
    )
    expect(gateway.seen.some((r) => r.method === 'POST')).toBe(false)
    type(within(dialog).getByLabelText('Category name'), ' Vitamins ')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Category' }))
    expect(await screen.findByText('Category created successfully.')).toBeTruthy()
    expect(JSON.parse(gateway.seen.find((r) => r.method === 'POST')?.body ?? '{}')).toEqual({
      name: 'Vitamins',
    })
  })

  it('explains why a category in use cannot be deleted', async () => {
    gateway.routes['DELETE /category'] = (_req, res) =>
      json(res, 409, { message: '8 products still use this category.' })
    renderVendor('/vendor/categories')
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete Fever' }).catch(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Next' }))
        return screen.findByRole('button', { name: 'Delete Fever' })
      }),
    )
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' })
    expect(within(confirm).getByText('You will not be able to recover this category!')).toBeTruthy()
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }))
    expect((await within(confirm).findByRole('alert')).textContent).toBe(
      'Failed to delete category. 8 products still use this category. Move those products to another category or delete them first.',
    )
  })
})

describe('Customers and Messages', () => {
  it('customers: 15 per page from X-Total-Count; the name filter resets to page 1', async () => {
    gateway.routes['GET /user'] = (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '40' }).end(
        JSON.stringify([
          {
            _id: 'u1',
            firstName: 'Asha',
            lastName: 'Rao',
            userName: 'asha',
            email: 'asha@example.in',
            phone: '9876543210',
            isAdmin: false,
            createdAt: '2026-01-05T10:00:00Z',
          },
        ]),
      )
    renderVendor('/vendor/customers?page=2')
    await screen.findByText('Asha Rao')
    expect(screen.getByText('05/01/2026')).toBeTruthy()
    expect(Object.fromEntries(lastQuery('/user') ?? [])).toEqual({ page: '2', limit: '15' })
    const pager = screen.getByRole('navigation', { name: 'Customers pages' })
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeTruthy()
    expect(within(pager).queryByRole('button', { name: 'Page 4' })).toBeNull()
    type(screen.getByRole('searchbox', { name: 'User Name' }), 'asha')
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery('/user') ?? [])).toEqual({ q: 'asha', page: '1', limit: '15' }),
    )
  })

  it('messages: the phone filter is sent as digits, 15 per page, empty state', async () => {
    gateway.routes['GET /message'] = (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '0' }).end('[]')
    renderVendor('/vendor/messages?phone=%2B91%2098765')
    expect(await screen.findByText('No messages found.')).toBeTruthy()
    expect(Object.fromEntries(lastQuery('/message') ?? [])).toEqual({ q: '98765', page: '1', limit: '15' })
  })
})

describe('Suppliers', () => {
  const supplier = (n: number, status = 'Active') => ({
    _id: `s${n}`,
    name: n === 1 ? 'Ravi Kumar' : `Supplier ${n}`,
    company: 'Sun Distributors',
    address: 'MG Road, Pune',
    phone: '9876543210',
    email: 'ravi@example.in',
    status,
    createdAt: '2026-11-01T00:00:00Z',
  })

  it('sends the name filter and page to the service, validates the dialog and deactivates', async () => {
    gateway.routes['GET /supplier'] = (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json', 'x-total-count': '12' })
        .end(JSON.stringify([supplier(1), supplier(2)]))
    gateway.routes['PUT /supplier/s1'] = (_req, res, body) =>
      json(res, 200, { ...supplier(1), ...JSON.parse(body) })
    renderVendor('/vendor/suppliers')
    await screen.findByText('Ravi Kumar')
    expect(Object.fromEntries(lastQuery('/supplier') ?? [])).toEqual({ page: '1', limit: '10' })
    expect(
      within(screen.getByRole('navigation', { name: 'Suppliers pages' })).getByRole('button', {
        name: 'Page 2',
      }),
    ).toBeTruthy()
    type(screen.getByRole('searchbox', { name: 'Supplier name' }), 'ravi')
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery('/supplier') ?? [])).toEqual({
        name: 'ravi',
        page: '1',
        limit: '10',
      }),
    )

    fireEvent.click(screen.getByRole('button', { name: 'Add a new Supplier' }))
    const dialog = screen.getByRole('dialog', { name: 'Add a new Supplier' })
    type(within(dialog).getByLabelText('Phone'), '12345')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Supplier' }))
    expect(await within(dialog).findByText(/Enter a valid Indian mobile number/)).toBeTruthy()
    expect(within(dialog).getByText('Name is required')).toBeTruthy()
    expect(gateway.seen.some((r) => r.method === 'POST')).toBe(false)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Ravi Kumar' }))
    expect(await screen.findByText('Supplier deactivated.')).toBeTruthy()
    const put = gateway.seen.find((r) => r.method === 'PUT')
    expect(put?.url.pathname).toBe('/supplier/s1')
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ status: 'Inactive' })
  })
})

describe('Dashboard', () => {
  it('shows the figures with their change, today, recent customers, and the revenue as a table', async () => {
    gateway.routes['GET /order/statistics'] = (_req, res) =>
      json(res, 200, {
        revenue: { last30: 150000, previous30: 100000, changePercent: 50 },
        orders: { last30: 45, previous30: 50, changePercent: -10 },
        newCustomers: { last30: 7, previous30: 0, changePercent: null },
        dailyRevenue: [
          { day: '2026-11-22', revenue: 5000 },
          { day: '2026-11-23', revenue: 1250.5 },
        ],
        recentCustomers: [
          { userId: 'u1', name: 'Asha Rao', email: 'asha@example.in', spent: 2500, orders: 3 },
        ],
        today: { orders: 1, income: 1250.5 },
      })
    renderVendor('/vendor/dashboard')
    expect(await screen.findByText('₹1,50,000.00')).toBeTruthy()
    expect(screen.getByText('+50.0%')).toBeTruthy()
    expect(screen.getByText('-10.0%')).toBeTruthy()
    expect(screen.getByText('new')).toBeTruthy()
    const table = screen.getByRole('table', { name: 'Daily revenue, last 30 days' })
    expect(within(table).getByRole('rowheader', { name: '23 Nov' })).toBeTruthy()
    expect(within(table).getAllByText('₹1,250.50')).toHaveLength(1)
    expect(screen.getByRole('cell', { name: 'Asha Rao' })).toBeTruthy()
  })
})
