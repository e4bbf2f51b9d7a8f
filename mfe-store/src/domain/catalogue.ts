import { MAX_LINE_QUANTITY } from '@medstore/contracts/cart-limits'
import type { Product } from '@medstore/contracts/catalogue'
import { compositionText } from '@medstore/contracts/medicine'

/** Spec section 9: the home grid shows the first 12 matches; cards cut descriptions to 10 words. */
export const HOME_GRID_CAP = 12
export const CARD_DESCRIPTION_WORDS = 10
/** /products page size: a few rows of cards on any screen, one request per page. */
export const PRODUCTS_PAGE_SIZE = 24
/** The category dropdown's "no filter" choice (spec: the categories plus 'All'). */
export const ALL_CATEGORIES = 'All'

/**
 * What a product is made of, in one line: its composition ('Aceclofenac 100 mg + Paracetamol 325 mg'),
 * else its key ingredients; shown on a search result found by one of them, to say why it is there.
 */
export function ingredientsLine(product: Pick<Product, 'composition' | 'keyIngredients'>): string {
  return compositionText(product.composition) || product.keyIngredients.join(', ')
}

/** The first `max` words of `text`, with an ellipsis when anything was cut. */
export function truncateWords(text: string, max = CARD_DESCRIPTION_WORDS): string {
  const words = text.trim().split(/\s+/).filter(Boolean)
  if (words.length <= max) return words.join(' ')
  // 'massage.' + '…' reads as a typo: the cut drops the word's trailing punctuation.
  return `${words
    .slice(0, max)
    .join(' ')
    .replace(/[.,;:!?–-]+$/, '')}…`
}

/** How many of a product one may add at once: the stock, and never more than a cart line allows. */
export function maxOrderable(stock: number): number {
  return Math.max(0, Math.min(Math.floor(stock), MAX_LINE_QUANTITY))
}

/** The stepper's value kept inside 1..maxOrderable (1 when nothing can be ordered, the button is off). */
export function clampQuantity(quantity: number, stock: number): number {
  const max = Math.max(1, maxOrderable(stock))
  if (!Number.isFinite(quantity)) return 1
  return Math.min(max, Math.max(1, Math.floor(quantity)))
}

export interface GridFilters {
  q: string
  /** A category name, or '' for all. */
  category: string
}

/** What the API is asked for: empty filters left out. */
export function filterQuery(filters: GridFilters): { q?: string; category?: string } {
  const q = filters.q.trim()
  const category = filters.category === ALL_CATEGORIES ? '' : filters.category.trim()
  return { ...(q ? { q } : {}), ...(category ? { category } : {}) }
}

/** The capped home grid: the first `cap` products and whether a 'Load More' link is due. */
export function cappedGrid<T>(products: readonly T[], total: number, cap = HOME_GRID_CAP) {
  return { shown: products.slice(0, cap), hasMore: Math.max(total, products.length) > cap }
}

export interface ListState extends GridFilters {
  page: number
}

/** /products' state from its URL (so a link or a reload keeps the filters). */
export function listStateFrom(params: URLSearchParams): ListState {
  const page = Number(params.get('page'))
  return {
    q: params.get('q')?.slice(0, 100) ?? '',
    category: params.get('category') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/** The URL search of a /products state; page 1 and empty filters are left out. */
export function listSearch(state: ListState): string {
  const params = new URLSearchParams(filterQuery(state))
  if (state.page > 1) params.set('page', String(state.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** Where a product's page is. */
