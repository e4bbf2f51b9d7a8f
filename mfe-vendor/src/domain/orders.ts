import { PRICE_FILTER_INVALID, PRICE_FILTER_PATTERN, priceFilterText } from '@medstore/contracts/money'
import type { OrderStatus } from '@medstore/contracts/order'
import { INDIAN_DATE_INVALID, parseIndianDate } from '@medstore/ui'

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

/** A page's place in the list (the API's cursors): set when the page was reached by a step from the one beside it. */
export type OrderPagePlace = { after: string; before: string }
/** The All Orders panel's URL: the filters and the place the page was stepped to. */
export const ORDER_LIST_DEFAULTS: OrderFilterForm & OrderPagePlace = {
  ...ORDER_FILTER_DEFAULTS,
  after: '',
  before: '',
}

/**
 * How to reach page `to` from page `from`, whose answer gave `cursors`: a step to the next or previous page
 * reads from the place beside this page (as cheap at page 100 as at page 2); any other page by its number.
 */
export function pagePlace(
  from: number,
  to: number,
  cursors: { newest: string; oldest: string } | undefined,
): OrderPagePlace {
  if (cursors && to === from + 1) return { after: cursors.oldest, before: '' }
  if (cursors && to === from - 1 && to > 1) return { after: '', before: cursors.newest }
  return { after: '', before: '' }
}

/** The query the order service takes for the filter form: blanks left out, 'all' means any status. */
export function orderQuery(form: OrderFilterForm) {
  const name = form.name.trim()
  const price = priceFilterText(form.price)
  return {
    name: name || undefined,
    date: parseIndianDate(form.date),
    price: price || undefined,
    status: (ORDER_STATUSES as readonly string[]).includes(form.status) ? form.status : undefined,
  }
}

/** Whether a query narrows the list at all (an empty answer then means no order matched, not none yet). */
export function narrowsOrders(query: ReturnType<typeof orderQuery>): boolean {
  return Object.values(query).some((value) => value !== undefined)
}

/** Why the typed order date cannot be used (it is read day first, dd/mm/yyyy). */
export function dateFilterError(date: string): string | undefined {
  return date.trim() && !parseIndianDate(date) ? INDIAN_DATE_INVALID : undefined
}

/**
 * The price filter is 'text contains' on the total, typed as the table shows it ('₹1,299.50'): read as the
 * server reads it, the rest refused here with the server's words.
 */
export function priceFilterError(price: string): string | undefined {
  const text = priceFilterText(price)
  return text && !PRICE_FILTER_PATTERN.test(text) ? PRICE_FILTER_INVALID : undefined
}
