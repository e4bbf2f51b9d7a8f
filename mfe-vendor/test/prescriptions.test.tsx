// @vitest-environment happy-dom
import type { OrderVerification, Prescription } from '@medstore/contracts/prescription'
import { configureRuntime, signOut, useNotificationStore, useProfileStore } from '@medstore/web-client'
import { startTestServer } from '@medstore/web-client/testing'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { admin, json, renderVendor } from './helpers.tsx'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

const prescription: Prescription = {
  id: 'rx-1',
  userId: 'u1',
  state: 'awaiting_review',
  pages: [
    { number: 1, contentType: 'image/png', size: 68 },
    { number: 2, contentType: 'image/png', size: 68 },
  ],
  uploadedAt: '2026-11-27T10:00:00.000Z',
  reviewedAt: null,
  rejectionReason: null,
  doctorName: null,
  doctorRegistration: null,
  patientName: null,
  issuedOn: null,
  validUntil: null,
  usable: true,
  openOrders: ['MS-000007'],
}

const waiting = (n: number, minutes: number): OrderVerification => ({
  orderId: `o${n}`,
  orderNumber: `MS-00000${n}`,
  userId: 'u1',
  customerName: `Customer ${n}`,
  submittedAt: '2026-11-27T10:00:00.000Z',
  waitingMinutes: minutes,
  status: 'awaiting_verification',
  reason: null,
  reattachBy: null,
  prescription,
  lines: [{ itemId: `i${n}`, productId: 'p1', name: 'Azithral 500', schedule: 'H1', quantity: 2 }],
})

let queue: OrderVerification[] = []
let queueFails = false
const decisions: { path: string; body: unknown }[] = []

let gateway: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  const decide =
    (status: 'approved' | 'rejected') =>
    (req: { url?: string }, res: Parameters<typeof json>[0], body: string) => {
      decisions.push({ path: new URL(req.url ?? '', 'http://x').pathname, body: JSON.parse(body) })
      json(res, 200, { ...waiting(7, 30), status })
    }
  gateway = await startTestServer({
    'GET /prescription/admin/queue': (_req, res) => {
      if (queueFails) return json(res, 503, { message: 'The prescription service is unavailable right now.' })
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': String(queue.length) })
      res.end(JSON.stringify(queue))
    },
    'GET /prescription/admin/order/o7': (_req, res) => json(res, 200, waiting(7, 30 * 60)),
    'POST /prescription/admin/order/o7/approve': decide('approved'),
    'POST /prescription/admin/order/o7/reject': decide('rejected'),
    'GET /prescription/rx-1/page/1': (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
    'GET /prescription/rx-1/page/2': (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
    'GET /prescription/admin/register': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '1' })
      res.end(
        JSON.stringify([
          {
            id: 'r1',
            dispensedAt: '2026-11-27T12:00:00.000Z',
            orderId: 'o7',
            orderNumber: 'MS-000007',
            patientName: 'Asha Rao',
            prescriberName: 'Dr Kavita Menon',
            prescriberRegistration: 'KMC 45678',
            medicine: 'Azithral 500',
            productId: 'p1',
            quantity: 2,
            prescriptionId: 'rx-1',
          },
        ]),
      )
    },
    'GET /prescription/admin/access-log': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '0' })
      res.end('[]')
    },
  })
  configureRuntime({ apiUrl: gateway.url })
})
afterAll(() => gateway.close())

beforeEach(() => {
  cleanup()
  signOut()
  useNotificationStore.setState({ toasts: [] })
  useProfileStore.setState({ profile: admin })
  gateway.requests.length = 0
  decisions.length = 0
  queueFails = false
  queue = [waiting(7, 26 * 60), waiting(8, 5)]
})

const location = () => screen.getByTestId('location').textContent
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('Prescriptions panel', () => {
  it('lists the orders awaiting verification, oldest first, with how long each has waited', async () => {
    renderVendor('/vendor/prescriptions')
    const table = await screen.findByRole('table', { name: /2 orders awaiting verification, oldest first/ })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.getAttribute('data-order'))).toEqual(['MS-000007', 'MS-000008'])
    expect(within(rows[0] as HTMLElement).getByText('1 day 2 h')).toBeTruthy()
    expect(within(rows[0] as HTMLElement).getByText('Azithral 500 × 2 (H1)')).toBeTruthy()
    expect(within(rows[1] as HTMLElement).getByText('5 min')).toBeTruthy()
  })

  it('says when the queue is empty, and when it could not be read (with Retry)', async () => {
    queue = []
    renderVendor('/vendor/prescriptions')
    await screen.findByText('No orders are waiting for a prescription check.')
    cleanup()
    queueFails = true
    renderVendor('/vendor/prescriptions')
    await screen.findByText(
      'Failed to fetch the orders awaiting verification. The prescription service is unavailable right now.',
    )
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })

  it('opens an order beside its file; Approve names each missing field, then sends what the pharmacist read', async () => {
    renderVendor('/vendor/prescriptions')
    fireEvent.click(await screen.findByRole('button', { name: 'Review order MS-000007' }))
    expect(location()).toBe('/vendor/prescriptions?order=o7')
    const image = (await screen.findByRole('img', { name: /page 1 of 2/ })) as HTMLImageElement
    expect(image.src).toMatch(/^blob:/)
    expect(gateway.requests.find((r) => r.path === '/prescription/rx-1/page/1')?.authorization).toBe(
      'bearer admin-token',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    await screen.findByRole('img', { name: /page 2 of 2/ })

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    for (const label of ["Doctor's name", 'Registration number', "Patient's name", 'Prescription date'])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true')
    expect(decisions).toEqual([])

    type("Doctor's name", 'Dr Kavita Menon')
    type('Registration number', 'KMC 45678')
    type("Patient's name", 'Asha Rao')
    type('Prescription date', '20/11/2026')
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(location()).toBe('/vendor/prescriptions'))
    expect(decisions).toEqual([
      {
        path: '/prescription/admin/order/o7/approve',
        body: {
          doctorName: 'Dr Kavita Menon',
          doctorRegistration: 'KMC 45678',
          patientName: 'Asha Rao',
          issuedOn: '2026-11-20',
        },
      },
    ])
    expect(useNotificationStore.getState().toasts.map((t) => t.message)).toContain(
      'Prescription of order MS-000007 approved',
    )
  })

  it('Reject needs the reason the customer will read', async () => {
    renderVendor('/vendor/prescriptions?order=o7')
    await screen.findByRole('heading', { name: 'Reject' })
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true')
    expect(decisions).toEqual([])
    type('Reason', 'The doctor’s signature is missing')
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(decisions).toHaveLength(1))
    expect(decisions[0]).toEqual({
      path: '/prescription/admin/order/o7/reject',
      body: { reason: 'The doctor’s signature is missing' },
    })
  })
})

describe('Dispensing Register and Access Log', () => {
  it('lists the register for the chosen days', async () => {
    renderVendor('/vendor/dispensingRegister?from=2026-11-01&to=2026-11-28')
    const table = await screen.findByRole('table', { name: /1 entry, 2026-11-01 to 2026-11-28/ })
    expect(within(table).getByText('Azithral 500')).toBeTruthy()
    expect(within(table).getByText('Reg. KMC 45678')).toBeTruthy()
    const asked = gateway.requests.find((r) => r.path === '/prescription/admin/register')
    expect(asked).toBeTruthy()
    // A range the contract refuses is explained, not sent.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(screen.getByText('from must not be after to')).toBeTruthy()
  })

  it('says when no administrator has viewed a prescription yet', async () => {
    renderVendor('/vendor/prescriptionAccessLog')
    await screen.findByText('No prescription has been viewed by an administrator yet.')
  })
})
