/**
 * The storefront's calls, through the page's one API client. Reads are `quiet`: the screen shows the
 * failure in place ('Error: {message}') instead of a toast on top.
 */
import type { Category, Product, ProductPage, Shop } from '@medstore/contracts/catalogue'
import type { ContactMessage, SendMessageRequest } from '@medstore/contracts/messaging'
import type { CreateReviewRequest, Review, ReviewOverview } from '@medstore/contracts/review'
import { api } from '@medstore/web-client'

type Signal = AbortSignal | undefined

export interface PageRequest {
  q?: string
  category?: string
  page: number
  limit: number
}

export const storeApi = {
  categories: (signal?: Signal) => api.get<Category[]>('/category', { signal, quiet: true }),
  products: (request: PageRequest, signal?: Signal) =>
    api.get<ProductPage>('/product', { query: { ...request }, signal, quiet: true }),
  /** The page's first answer if index.html already has it (it painted the page with it). */
  peekProducts: (request: PageRequest) => api.peek<ProductPage>('/product', { query: { ...request } }),
  product: (productId: string, signal?: Signal) =>
    api.get<Product>('/product/productById', { query: { productId }, signal, quiet: true }),
  peekProduct: (productId: string) => api.peek<Product>('/product/productById', { query: { productId } }),
  shops: (signal?: Signal) => api.get<Shop[]>('/shop', { signal, quiet: true }),
  shop: (id: string, signal?: Signal) =>
    api.get<Shop>(`/shop/${encodeURIComponent(id)}`, { signal, quiet: true }),
  reviews: (productId: string, signal?: Signal) =>
    api.get<Review[]>('/review', { query: { productId }, signal, quiet: true }),
  reviewOverview: (productId: string, signal?: Signal) =>
    api.get<ReviewOverview>('/review/overview', { query: { productId }, signal, quiet: true }),
  createReview: (body: CreateReviewRequest) => api.post<Review>('/review', body, { quiet: true }),
  addToCart: (productId: string, quantity: number) =>
    api.post<unknown>('/cart', { productId, quantity }, { quiet: true }),
  sendMessage: (body: SendMessageRequest) => api.post<ContactMessage>('/message', body, { quiet: true }),
}
