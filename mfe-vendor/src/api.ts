/**
 * Every HTTP call the back-office makes, in one place, so the paths and shapes are easy to line up with
 * the services. Suppliers (catalogue) and order statistics (order service) come from the vendor-api
 * branch; the types below mirror its contracts (packages/contracts/src/supplier.ts and
 * order-statistics.ts there) until both branches are merged and they can be imported from there.
 */
import type { Category, Product, ProductPage } from '@medstore/contracts/catalogue'
import type { UserSummary } from '@medstore/contracts/identity'
import type { ContactMessage } from '@medstore/contracts/messaging'
import type { Order, OrderStatus } from '@medstore/contracts/order'
import { api } from '@medstore/web-client'

export type { Category, ContactMessage, Order, OrderStatus, Product, UserSummary }

export interface Paged<T> {
  items: T[]
  total: number
}

export type SupplierStatus = 'Active' | 'Inactive'

export interface Supplier {
  _id: string
  name: string
  company: string
  address: string
  phone: string
  email: string
  status: SupplierStatus
  createdAt: string
  updatedAt: string
}

export type SupplierInput = Omit<Supplier, '_id' | 'createdAt' | 'updatedAt'>

/** A figure over the last 30 days and the 30 days before them. */
export interface PeriodFigure {
  last30: number
  previous30: number
  /** Percent change, one decimal; null when previous30 is 0. */
  changePercent: number | null
}

export interface OrderStatistics {
  /** Rupees. */
  revenue: PeriodFigure
  orders: PeriodFigure
  newCustomers: PeriodFigure
  /** One entry per day of the last 30 days, oldest first; day is YYYY-MM-DD (India), revenue in rupees. */
  dailyRevenue: { day: string; revenue: number }[]
  /** email is null while the account is not known to the order service yet. */
  recentCustomers: { userId: string; name: string; email: string | null; spent: number; orders: number }[]
  today: { orders: number; income: number }
}

export interface OrderFilters {
  name?: string
  date?: string
  price?: string
  status?: string
}

const totalOf = (headers: Headers, fallback: number) => {
  const total = Number(headers.get('x-total-count'))
  return Number.isFinite(total) && headers.has('x-total-count') ? total : fallback
}

/** Calls whose failure the panel shows itself are `quiet` (no toast on top of the inline message). */
export const vendorApi = {
  async orders(filters: OrderFilters, page: number, limit: number): Promise<Paged<Order>> {
    const { orders, total } = await api.get<{ orders: Order[]; total?: number }>('/order', {
      query: { ...filters, page, limit },
      quiet: true,
    })
    return { items: orders, total: total ?? orders.length }
  },
  setOrderStatus: (orderId: string, status: OrderStatus) =>
    api.put<{ order: Order }>('/order', { status }, { query: { orderId }, quiet: true }),
  setItemStatus: (orderId: string, itemId: string, status: OrderStatus) =>
    api.put<{ order: Order }>('/order/item', { status }, { query: { orderId, itemId }, quiet: true }),

  async products(q: string, page: number, limit: number): Promise<Paged<Product>> {
    const result = await api.get<ProductPage>('/product', {
      query: { q: q || undefined, page, limit, sort: 'name' },
      quiet: true,
    })
    return { items: result.products, total: result.total }
  },
  /** `form` is multipart: the product fields plus an optional `image` file. */
  createProduct: (form: FormData) => api.post<Product>('/product', form, { quiet: true }),
  updateProduct: (productId: string, form: FormData) =>
    api.put<Product>('/product', form, { query: { productId }, quiet: true }),
  deleteProduct: (productId: string) =>
    api.delete<{ message: string }>('/product', { query: { productId }, quiet: true }),

  categories: () => api.get<Category[]>('/category', { quiet: true }),
  createCategory: (name: string) => api.post<Category>('/category', { name }, { quiet: true }),
  deleteCategory: (id: string) =>
    api.delete<{ message: string }>('/category', { query: { id }, quiet: true }),

  async customers(q: string, page: number, limit: number): Promise<Paged<UserSummary>> {
    const { data, headers } = await api.getWithHeaders<UserSummary[]>('/user', {
      query: { q: q || undefined, page, limit },
      quiet: true,
    })
    return { items: data, total: totalOf(headers, data.length) }
  },

  async messages(q: string, page: number, limit: number): Promise<Paged<ContactMessage>> {
    const { data, headers } = await api.getWithHeaders<ContactMessage[]>('/message', {
      query: { q: q || undefined, page, limit },
      quiet: true,
    })
    return { items: data, total: totalOf(headers, data.length) }
  },

  async suppliers(name: string, page: number, limit: number): Promise<Paged<Supplier>> {
    const { data, headers } = await api.getWithHeaders<Supplier[]>('/supplier', {
      query: { name: name || undefined, page, limit },
      quiet: true,
    })
    return { items: data, total: totalOf(headers, data.length) }
  },
  createSupplier: (input: SupplierInput) => api.post<Supplier>('/supplier', input, { quiet: true }),
  /** Only the fields to change; `{ status: 'Inactive' }` deactivates. */
  updateSupplier: (id: string, changes: Partial<SupplierInput>) =>
    api.put<Supplier>(`/supplier/${encodeURIComponent(id)}`, changes, { quiet: true }),

  statistics: () => api.get<OrderStatistics>('/order/statistics', { quiet: true }),
}
