/**
 * The back-office's pages, each described once: its path (`/vendor/{panel}`), its screen, and its entry in
 * the sidebar (label, also the top bar's title, and order). The shell builds the sidebar from the
 * `navigation` this remote publishes (./routes.tsx), so a new panel is one record here and a redeploy of
 * mfe-vendor, with no shell release.
 */
import type { NavigationEntry } from '@medstore/remote-contracts'
import { type ComponentType, lazy } from 'react'
import { Categories } from './panels/Categories.tsx'
import { Customers } from './panels/Customers.tsx'
import { Delivery } from './panels/Delivery.tsx'
import { Messages } from './panels/Messages.tsx'
import { Orders } from './panels/Orders.tsx'
import { Products } from './panels/Products.tsx'
import { Suppliers } from './panels/Suppliers.tsx'

// chart.js is only needed here: the dashboard is its own chunk, fetched when it is opened.
const Dashboard = lazy(() => import('./panels/Dashboard.tsx'))
// The prescription pages are their own chunks too: only a pharmacist checking prescriptions needs them.
const Prescriptions = lazy(() =>
  import('./panels/prescriptions/Prescriptions.tsx').then((m) => ({ default: m.Prescriptions })),
)
const DispensingRegister = lazy(() =>
  import('./panels/prescriptions/DispensingRegister.tsx').then((m) => ({ default: m.DispensingRegister })),
)
const AccessLog = lazy(() =>
  import('./panels/prescriptions/AccessLog.tsx').then((m) => ({ default: m.AccessLog })),
)

export interface BackOfficePage {
  /** The path's last segment: the page is `/vendor/{panel}`. */
  panel: string
  screen: ComponentType
  /** The sidebar's link text and the top bar's title. */
  label: string
}

/** In the sidebar's order (the order the pharmacist uses them). */
export const backOfficePages: readonly BackOfficePage[] = [
  { panel: 'dashboard', screen: Dashboard, label: 'Dashboard' },
  { panel: 'allOrders', screen: Orders, label: 'All Orders' },
  { panel: 'prescriptions', screen: Prescriptions, label: 'Prescriptions' },
  { panel: 'allProducts', screen: Products, label: 'All Products' },
  { panel: 'categories', screen: Categories, label: 'Categories' },
  { panel: 'customers', screen: Customers, label: 'Customers' },
  { panel: 'messages', screen: Messages, label: 'Messages' },
  { panel: 'suppliers', screen: Suppliers, label: 'Suppliers' },
  { panel: 'delivery', screen: Delivery, label: 'Delivery' },
  { panel: 'dispensingRegister', screen: DispensingRegister, label: 'Dispensing Register' },
  { panel: 'prescriptionAccessLog', screen: AccessLog, label: 'Prescription Access Log' },
]

export const panelPath = (panel: string) => `/vendor/${panel}`

/** The page of a panel, if there is one. */
export const pageOf = (panel: string) => backOfficePages.find((page) => page.panel === panel)

/** The sidebar's entries, as the shell reads them from this remote's `./routes`. */
export const navigation: readonly NavigationEntry[] = backOfficePages.map((page, index) => ({
  path: panelPath(page.panel),
  label: page.label,
  order: (index + 1) * 10,
}))
