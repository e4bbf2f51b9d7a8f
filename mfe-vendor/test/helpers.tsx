import type http from 'node:http'
import { Toaster } from '@medstore/ui'
import { configureRuntime, signOut, useNotificationStore, useProfileStore } from '@medstore/web-client'
import { json, startTestServer } from '@medstore/web-client/testing'
import { cleanup, render } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { BackOffice } from '../src/screens/BackOffice.tsx'

export { json }

function LocationProbe() {
  const { pathname, search } = useLocation()
  return <div data-testid="location">{`${pathname}${search}`}</div>
}

function Toasts() {
  const toasts = useNotificationStore((s) => s.toasts)
  return <Toaster toasts={toasts} onDismiss={useNotificationStore.getState().dismiss} />
}

/** The back-office at `url` (e.g. /vendor/allOrders?page=2) in a memory router, with the page's toasts. */
export function renderVendor(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/vendor/:panel" element={<BackOffice />} />
        <Route path="*" element={<h1>Elsewhere</h1>} />
      </Routes>
      <LocationProbe />
      <Toasts />
    </MemoryRouter>,
  )
}

export const admin = {
  token: 'admin-token',
  userInfo: { id: 'a1', name: 'Pharmacist', email: 'admin@example.in', userName: 'pharma', isAdmin: true },
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void

/** A stand-in gateway whose routes a test swaps; every request's method, URL (with query) and body is kept. */
export async function startGateway() {
  const routes: Record<string, Handler> = {}
  const seen: { method: string; url: URL; body: string }[] = []
  const record =
    (key: string): Handler =>
    (req, res, body) => {
      seen.push({ method: req.method ?? '', url: new URL(req.url ?? '/', 'http://x'), body })
      const handler = routes[key]
      if (handler) handler(req, res, body)
      else json(res, 404, { message: 'Not found' })
    }
  const keys = [
    'GET /order',
    'PUT /order',
    'PUT /order/item',
    'GET /product',
    'POST /product',
    'PUT /product',
    'DELETE /product',
    'GET /category',
    'POST /category',
    'DELETE /category',
    'GET /user',
    'GET /message',
    'GET /supplier',
    'POST /supplier',
    'PUT /supplier/s1',
    'GET /order/statistics',
  ]
  const server = await startTestServer(Object.fromEntries(keys.map((k) => [k, record(k)])))
  configureRuntime({ apiUrl: server.url })
  return {
    url: server.url,
    routes,
    seen,
    close: server.close,
    reset() {
      for (const key of Object.keys(routes)) delete routes[key]
      seen.length = 0
      cleanup()
      signOut()
      useNotificationStore.setState({ toasts: [] })
      useProfileStore.setState({ profile: admin })
    },
  }
}
