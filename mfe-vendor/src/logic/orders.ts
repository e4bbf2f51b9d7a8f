import type { OrderStatus } from '@medstore/contracts/order'

/** Back-office orders per page (spec section 9). */
export const ORDERS_PAGE_SIZE = 5

/** The values of the order and item status selects, in life-cycle order. */
export const ORDER_STATUSES: readonly OrderStatus[] = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
]

export interface StatusColour {
  background: string
  text: string
}

/**
 * Badge and select colours per status, including confirmed and completed which only appear as badges
 * (spec section 4). Every pair has at least 4.5:1 contrast (WCAG AA for normal text; a test checks it).
 */
export const STATUS_COLOURS: Record<string, StatusColour> = {
  pending: { background: '#fef3c7', text: '#92400e' },
  processing: { background: '#dbeafe', text: '#1e40af' },
  shipped: { background: '#e0e7ff', text: '#3730a3' },
  delivered: { background: '#dcfce7', text: '#166534' },
  cancelled: { background: '#fee2e2', text: '#991b1b' },
  confirmed: { background: '#cffafe', text: '#155e75' },
  completed: { background: '#d1fae5', text: '#065f46' },
}
const OTHER: StatusColour = { background: '#f1f5f9', text: '#334155' }

export function statusColour(status: string): StatusColour {
  return STATUS_COLOURS[status] ?? OTHER
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
}

export type OrderFilterForm = {
  name: string
  date: string
  price: string
  status: string
}

export const ORDER_FILTER_DEFAULTS: OrderFilterForm = { name: '', date: '', price: '', status: 'all' }

/** The query the order service takes for the filter form: blanks left out, 'all' means any status. */
export function orderQuery(form: OrderFilterForm) {
  const name = form.name.trim()
  const price = form.price.trim()
  return {
    name: name || undefined,
    date: /^\d{4}-\d{2}-\d{2}$/.test(form.date) ? form.date : undefined,
    price: price || undefined,
    status: (ORDER_STATUSES as readonly string[]).includes(form.status) ? form.status : undefined,
  }
}

/** The price filter is 'text contains' on the total: only digits and a dot make sense (the server says so too). */
export function priceFilterError(price: string): string | undefined {
  const text = price.trim()
  return text && !/^[\d.]{1,12}$/.test(text) ? 'Price may hold only digits and a dot' : undefined
}
