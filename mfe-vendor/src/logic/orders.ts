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
