// @vitest-environment happy-dom

import type { CartResponse } from '@medstore/contracts/cart'
import type { Prescription } from '@medstore/contracts/prescription'
import { configureRuntime, signIn, signOut, useNotificationStore } from '@medstore/web-client'
import { json, startTestServer } from '@medstore/web-client/testing'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Checkout } from '../src/screens/Checkout.tsx'
import { MyPrescriptions } from '../src/screens/MyPrescriptions.tsx'

const customer = {
  token: 'customer-token',
  userInfo: { id: 'u1', name: 'Asha Rao', email: 'asha@example.in', userName: 'asha', isAdmin: false },
}

const prescription = (id: string, overrides: Partial<Prescription> = {}): Prescription => ({
  id,
  userId: 'u1',
  state: 'awaiting_review',
  pages: [{ number: 1, contentType: 'image/png', size: 68 }],
  uploadedAt: '2026-11-20T10:00:00.000Z',
  reviewedAt: null,
  rejectionReason: null,
  doctorName: null,
  doctorRegistration: null,
  patientName: null,
  issuedOn: null,
  validUntil: null,
  usable: true,
  openOrders: [],
  ...overrides,
})

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

let mine: Prescription[] = []
let mineFails = false
let cart: CartResponse['cart']
let orderBody: unknown

let gateway: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  gateway = await startTestServer({
    'GET /prescription': (_req, res) => {
      if (mineFails) return json(res, 503, { message: 'The prescription service is unavailable right now.' })
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': String(mine.length) })
      res.end(JSON.stringify(mine))
    },
    'POST /prescription': (_req, res) => {
      const uploaded = prescription('new-one', { uploadedAt: '2026-11-28T09:00:00.000Z' })
      mine = [uploaded, ...mine]
      json(res, 201, uploaded)
    },
    'DELETE /prescription/p-waiting': (_req, res) => {
      mine = mine.filter((p) => p.id !== 'p-waiting')
      json(res, 200, { id: 'p-waiting' })
    },
    'GET /prescription/p-waiting/page/1': (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(PNG),
    'GET /cart': (_req, res) => json(res, 200, { cart }),
    'POST /order': (_req, res, body) => {
      orderBody = JSON.parse(body)
      json(res, 422, { message: 'stop here', code: 'unprocessable' })
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
  mineFails = false
  orderBody = undefined
  mine = [
    prescription('p-waiting'),
    prescription('p-approved', {
      state: 'approved',
      validUntil: '2027-05-20',
      doctorName: 'Kavita Menon',
      openOrders: ['MS-000004'],
    }),
    prescription('p-rejected', { state: 'rejected', rejectionReason: 'The photo is blurred', usable: false }),
  ]
})

function renderAt(url: string, routes: Record<string, ReactNode>) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
    </MemoryRouter>,
  )
}

const pick = (input: HTMLElement, files: File[]) => fireEvent.change(input, { target: { files } })

describe('My prescriptions', () => {
  it('asks a guest to sign in', () => {
    renderAt('/my-prescriptions', { '/my-prescriptions': <MyPrescriptions /> })
    expect(screen.getByRole('link', { name: 'sign in' }).getAttribute('href')).toBe(
      '/login?from=%2Fmy-prescriptions',
    )
  })

  it('lists each prescription with its state in words; one attached to an open order cannot be deleted', async () => {
    signIn(customer)
    renderAt('/my-prescriptions', { '/my-prescriptions': <MyPrescriptions /> })
    expect(screen.getByRole('status').textContent).toBe('Loading your prescriptions...')
    const rows = await screen.findAllByTestId('prescription')
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual([
      'awaiting_review',
      'approved',
      'rejected',
    ])
    expect(within(rows[0] as HTMLElement).getByText('Awaiting review by our pharmacist')).toBeTruthy()
    expect(within(rows[1] as HTMLElement).getByText('Approved · valid until 20 May 2027')).toBeTruthy()
    expect(within(rows[1] as HTMLElement).getByText(/Attached to order MS-000004/)).toBeTruthy()
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Delete/ })).toBeNull()
    expect(within(rows[2] as HTMLElement).getByText('Rejected: The photo is blurred')).toBeTruthy()
  })

  it('shows the empty and the failed list (with Retry)', async () => {
    signIn(customer)
    mine = []
    renderAt('/my-prescriptions', { '/my-prescriptions': <MyPrescriptions /> })
    await screen.findByText('You have not uploaded a prescription yet.')
    cleanup()
    mineFails = true
    renderAt('/my-prescriptions', { '/my-prescriptions': <MyPrescriptions /> })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(
      'Failed to fetch your prescriptions. The prescription service is unavailable right now.',
    )
    mineFails = false
    mine = [prescription('p-waiting')]
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await screen.findByText('Awaiting review by our pharmacist')
  })

  it('refuses a wrong file before sending, then uploads the pages as one multipart request', async () => {
    signIn(customer)
    renderAt('/my-prescriptions', { '/my-prescriptions': <MyPrescriptions /> })
    await screen.findAllByTestId('prescription')
    const input = screen.getByLabelText('Prescription (photo or PDF)')
    pick(input, [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })])
    expect(screen.getByRole('alert').textContent).toContain(
      '“logo.svg” is not a JPEG, PNG, WebP or PDF file.',
    )
    expect((screen.getByRole('button', { name: 'Upload prescription' }) as HTMLButtonElement).disabled).toBe(
      false,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Upload prescription' }))
    expect(gateway.requests.filter((r) => r.method === 'POST')).toEqual([])

    pick(input, [
      new File([PNG], 'page-1.png', { type: 'image/png' }),
      new File(['%PDF-1.4'], 'page-2.pdf', { type: 'application/pdf' }),
    ])
    expect(screen.queryByRole('alert')).toBeNull()
    expect(within(screen.getByRole('list', { name: 'Chosen pages' })).getAllByRole('listitem')).toHaveLength(
      2,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Upload prescription' }))
    await waitFor(() => expect(screen.getAllByTestId('prescription')).toHaveLength(4))
    const upload = gateway.requests.find((r) => r.method === 'POST' && r.path === '/prescription')
    expect(upload?.authorization).toBe('bearer customer-token')
    expect(upload?.body.match(/name="pages"/g)).toHaveLength(2)
    expect(upload?.body).toContain('filename="page-2.pdf"')
    expect(useNotificationStore.getState().toasts.map((t) => t.message)).toContain(
      'Prescription uploaded. Our pharmacist will review it with your order.',
    )
  })

  it('shows a page from its bytes, fetched signed in', async () => {
    signIn(customer)
    renderAt('/my-prescriptions', { '/my-prescriptions': <MyPrescriptions /> })
    const [first] = await screen.findAllByTestId('prescription')
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: /^View/ }))
    const dialog = await screen.findByRole('dialog')
    const image = (await within(dialog).findByRole('img', {
      name: 'Prescription page 1 of 1',
    })) as HTMLImageElement
    expect(image.src).toMatch(/^blob:/)
    const read = gateway.requests.find((r) => r.path === '/prescription/p-waiting/page/1')
    expect(read?.authorization).toBe('bearer customer-token')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zoom in' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate' }))
    expect(image.dataset.zoom).toBe('1.5')
    expect(image.dataset.rotation).toBe('90')
  })

  it('deletes only after the confirmation', async () => {
    signIn(customer)
    renderAt('/my-prescriptions', { '/my-prescriptions': <MyPrescriptions /> })
    const [first] = await screen.findAllByTestId('prescription')
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: /^Delete/ }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this prescription?' })
    expect(gateway.requests.filter((r) => r.method === 'DELETE')).toEqual([])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.getAllByTestId('prescription')).toHaveLength(2))
    expect(gateway.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/prescription/p-waiting',
    ])
  })
})

const line = (id: string, schedule: 'OTC' | 'H' | 'H1') => ({
  _id: `line-${id}`,
  quantity: 1,
  productId: { _id: id, name: `Product ${id}`, price: 100, image: `/img/${id}.png`, schedule },
  available: true,
  maxQuantity: 10,
})

describe('the checkout’s Prescription step', () => {
  it('is not there for a cart without Schedule H or H1 medicines', async () => {
    signIn(customer)
    cart = { items: [line('a', 'OTC')], subtotal: 100 }
    renderAt('/checkout', { '/checkout': <Checkout /> })
    await screen.findByRole('heading', { name: 'Enter Shipping Info' })
    expect(screen.queryByTestId('prescription-step')).toBeNull()
    expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('says one is needed, keeps Place Order disabled until one is chosen, and sends its id', async () => {
    signIn(customer)
    cart = { items: [line('a', 'OTC'), line('b', 'H1')], subtotal: 200 }
    renderAt('/checkout', { '/checkout': <Checkout /> })
    const step = await screen.findByTestId('prescription-step')
    expect(step.textContent).toContain('need a doctor’s prescription')
    expect(screen.getByTestId('prescription-needed').textContent).toBe(
      'Attach a prescription to place this order.',
    )
    const place = screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement
    expect(place.disabled).toBe(true)
    // Usable ones only, approved first; the rejected one is not offered.
    const options = await within(step).findAllByRole('radio')
    expect(options.map((o) => (o as HTMLInputElement).value)).toEqual(['p-approved', 'p-waiting'])
    fireEvent.click(options[0] as HTMLElement)
    expect(place.disabled).toBe(false)
    expect(screen.queryByTestId('prescription-needed')).toBeNull()

    for (const [label, value] of Object.entries({
      'Mobile number': '9876543210',
      'House number': '12',
      Street: 'MG Road',
      'Address line 1': 'Flat 4B',
      City: 'Pune',
      State: 'Maharashtra',
      'PIN code': '411001',
    }))
      fireEvent.change(screen.getByLabelText(label), { target: { value } })
    fireEvent.click(place)
    await waitFor(() => expect(orderBody).toMatchObject({ prescriptionId: 'p-approved' }))
  })

  it('chooses a prescription uploaded in the step', async () => {
    signIn(customer)
    mine = []
    cart = { items: [line('b', 'H')], subtotal: 100 }
    renderAt('/checkout', { '/checkout': <Checkout /> })
    const step = await screen.findByTestId('prescription-step')
    await within(step).findByText(/no prescription that can be used yet/)
    pick(within(step).getByLabelText('Or upload a new prescription (photo or PDF)'), [
      new File([PNG], 'rx.png', { type: 'image/png' }),
    ])
    fireEvent.click(within(step).getByRole('button', { name: 'Upload prescription' }))
    const chosen = (await within(step).findByRole('radio')) as HTMLInputElement
    expect(chosen.value).toBe('new-one')
    expect(chosen.checked).toBe(true)
    expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(false)
  })
})
