/**
 * Every HTTP call the back-office makes, in one place, each through a route of `@medstore/contracts` (the
 * services validate against the same schemas), so the back-office cannot drift from the API: a path,
 * body, query or answer field the contracts do not have does not compile.
 */

import type { Category, Product, ProductPage } from '@medstore/contracts/catalogue'
import type { DeliverySettingsInput } from '@medstore/contracts/delivery'
import {
  catalogueApi,
  deliveryApi,
  identityApi,
  messagingApi,
  orderApi,
  orderStatisticsApi,
  prescriptionApi,
  supplierApi,
} from '@medstore/contracts/endpoints'
import type { UserSummary } from '@medstore/contracts/identity'
import { TOTAL_COUNT_HEADER } from '@medstore/contracts/list-headers'
import type { ContactMessage } from '@medstore/contracts/messaging'
import type { Order, OrderListQuery, OrderStatus } from '@medstore/contracts/order'
import type { OrderStatistics, PeriodComparison } from '@medstore/contracts/order-statistics'
import type {
  AccessLogEntry,
  ApprovePrescriptionRequest,
  OrderVerification,
  RegisterEntry,
} from '@medstore/contracts/prescription'
import type {
  CreateSupplierRequest,
  Supplier,
  SupplierStatus,
  UpdateSupplierRequest,
} from '@medstore/contracts/supplier'
import { api } from '@medstore/web-client'

export type {
  AccessLogEntry,
  ApprovePrescriptionRequest,
  Category,
  ContactMessage,
  Order,
  OrderStatistics,
  OrderStatus,
  OrderVerification,
  PeriodComparison,
  Product,
  RegisterEntry,
  Supplier,
  SupplierStatus,
  UserSummary,
}

export interface Paged<T> {
  items: T[]
  total: number
  /** More than `total` match (the list counts up to a cap). */
  totalCapped?: boolean
  /** Orders only: a short name was looked for among this many newest orders. */
  searchedNewest?: number
  /** Orders only: the places of the page's newest and oldest orders, to step to the pages beside it. */
  cursors?: { newest: string; oldest: string }
}

/** The supplier form always holds every field, status included (the API defaults it when left out). */
export type SupplierInput = Required<CreateSupplierRequest>

/** The orders filters as the URL holds them (text; the order service validates them, 'All Status' meaning any). */
export type OrderFilters = Partial<
  Record<keyof Pick<OrderListQuery, 'name' | 'date' | 'price' | 'status'>, string>
>

const totalOf = (headers: Headers, fallback: number) => {
  const total = Number(headers.get(TOTAL_COUNT_HEADER))
  return Number.isFinite(total) && headers.has(TOTAL_COUNT_HEADER) ? total : fallback
}

/** Calls whose failure the panel shows itself are `quiet` (no toast on top of the inline message). */
export const vendorApi = {
  /** `place`: the page is the one just older (after) or newer (before) than a place a page answered. */
  async orders(
    filters: OrderFilters,
    page: number,
    limit: number,
    place: { after?: string; before?: string } = {},
  ): Promise<Paged<Order>> {
    const { orders, total, totalCapped, searchedNewest, cursors } = await api.call(orderApi.list, {
      query: { ...filters, ...place, page, limit },
      quiet: true,
    })
    return { items: orders, total: total ?? orders.length, totalCapped, searchedNewest, cursors }
  },
  setOrderStatus: (orderId: string, status: OrderStatus) =>
    api.call(orderApi.setStatus, { body: { status }, query: { orderId }, quiet: true }),
  setItemStatus: (orderId: string, itemId: string, status: OrderStatus) =>
    api.call(orderApi.setItemStatus, { body: { status }, query: { orderId, itemId }, quiet: true }),

  async products(q: string, page: number, limit: number): Promise<Paged<Product>> {
    // Asked with page and limit, the list answers a page (the bare array is its form without them).
    const result = (await api.call(catalogueApi.products, {
      query: { q: q || undefined, page, limit, sort: 'name' },
      quiet: true,
    })) as ProductPage
    return { items: result.products, total: result.total }
  },
  /** `form` is multipart: the product fields plus an optional `image` file. */
  createProduct: (form: FormData) => api.call(catalogueApi.createProduct, { body: form, quiet: true }),
  updateProduct: (productId: string, form: FormData) =>
    api.call(catalogueApi.updateProduct, { body: form, query: { productId }, quiet: true }),
  deleteProduct: (productId: string) =>
    api.call(catalogueApi.deleteProduct, { query: { productId }, quiet: true }),

  categories: () => api.call(catalogueApi.categories, { quiet: true }),
  createCategory: (name: string) => api.call(catalogueApi.createCategory, { body: { name }, quiet: true }),
  deleteCategory: (id: string) => api.call(catalogueApi.deleteCategory, { query: { id }, quiet: true }),

  async customers(q: string, page: number, limit: number): Promise<Paged<UserSummary>> {
    const { data, headers } = await api.callWithHeaders(identityApi.users, {
      query: { q: q || undefined, page, limit },
      quiet: true,
    })
    return { items: data, total: totalOf(headers, data.length) }
  },

  async messages(q: string, page: number, limit: number): Promise<Paged<ContactMessage>> {
    const { data, headers } = await api.callWithHeaders(messagingApi.list, {
      query: { q: q || undefined, page, limit },
      quiet: true,
    })
    return { items: data, total: totalOf(headers, data.length) }
  },

  async suppliers(name: string, page: number, limit: number): Promise<Paged<Supplier>> {
    const { data, headers } = await api.callWithHeaders(supplierApi.list, {
      query: { name: name || undefined, page, limit },
      quiet: true,
    })
    return { items: data, total: totalOf(headers, data.length) }
  },
  createSupplier: (input: SupplierInput) => api.call(supplierApi.create, { body: input, quiet: true }),
  /** Only the fields to change; `{ status: 'Inactive' }` deactivates. */
  updateSupplier: (id: string, changes: UpdateSupplierRequest) =>
    api.call(supplierApi.update, { body: changes, params: { id }, quiet: true }),

  statistics: () => api.call(orderStatisticsApi.statistics, { quiet: true }),
  deliverySettings: () => api.call(deliveryApi.settings, { quiet: true }),
  saveDeliverySettings: (settings: DeliverySettingsInput) =>
    api.call(deliveryApi.updateSettings, { body: settings, quiet: true }),

  /** Orders waiting for a pharmacist to check their prescription, oldest first. */
  async prescriptionQueue(page: number, limit: number): Promise<Paged<OrderVerification>> {
    const { data, headers } = await api.callWithHeaders(prescriptionApi.queue, {
      query: { page, limit },
      quiet: true,
    })
    return { items: data, total: totalOf(headers, data.length) }
  },
  verification: (orderId: string) =>
    api.call(prescriptionApi.verification, { params: { orderId }, quiet: true }),
  approvePrescription: (orderId: string, body: ApprovePrescriptionRequest) =>
    api.call(prescriptionApi.approve, { params: { orderId }, body, quiet: true }),
  rejectPrescription: (orderId: string, reason: string) =>
    api.call(prescriptionApi.reject, { params: { orderId }, body: { reason }, quiet: true }),
  /** A page's bytes (each view is written to the access log). */
  prescriptionPage: (id: string, page: number) =>
    api.blob(prescriptionApi.file, { params: { id, page: String(page) }, quiet: true }),

  async accessLog(page: number, limit: number): Promise<Paged<AccessLogEntry>> {
    const { data, headers } = await api.callWithHeaders(prescriptionApi.accessLog, {
      query: { page, limit },
      quiet: true,
    })
    return { items: data, total: totalOf(headers, data.length) }
  },
  async dispensingRegister(
    from: string,
    to: string,
    page: number,
    limit: number,
  ): Promise<Paged<RegisterEntry>> {
    const { data, headers } = await api.callWithHeaders(prescriptionApi.register, {
      query: { from, to, page, limit },
      quiet: true,
    })
    return { items: data, total: totalOf(headers, data.length) }
  },
  dispensingRegisterCsv: (from: string, to: string) =>
    api.blob(prescriptionApi.registerCsv, { query: { from, to }, quiet: true }),
  /** An order's GST tax invoice (PDF), named after its number. */
  invoice: (orderId: string, orderNumber: string) =>
    api.file(orderApi.invoice, `tax-invoice-${orderNumber}.pdf`, { query: { orderId }, quiet: true }),
}
