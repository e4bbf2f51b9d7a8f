/**
 * The storefront's calls, through the page's one API client and the contracts' endpoints. Reads are
 * `quiet`: the screen shows the failure in place ('Error: {message}') instead of a toast on top.
 */
import type { ProductPage } from '@medstore/contracts/catalogue'
import { cartApi, catalogueApi, messagingApi, reviewApi } from '@medstore/contracts/endpoints'
import type { SendMessageRequest } from '@medstore/contracts/messaging'
import type { CreateReviewRequest } from '@medstore/contracts/review'
import { api } from '@medstore/web-client'

type Signal = AbortSignal | undefined

export interface PageRequest {
  q?: string
  category?: string
  page: number
  limit: number
}

export const storeApi = {
  categories: (signal?: Signal) => api.call(catalogueApi.categories, { signal, quiet: true }),
  // Asked with page and limit, the list answers a page (the bare array is its form without them).
  products: (request: PageRequest, signal?: Signal) =>
    api.call(catalogueApi.products, { query: { ...request }, signal, quiet: true }) as Promise<ProductPage>,
  /** The page's first answer if index.html already has it (it painted the page with it). */
  peekProducts: (request: PageRequest) =>
    api.peek(catalogueApi.products, { query: { ...request } }) as ProductPage | undefined,
  product: (productId: string, signal?: Signal) =>
    api.call(catalogueApi.productById, { query: { productId }, signal, quiet: true }),
  substitutes: (productId: string, signal?: Signal) =>
    api.call(catalogueApi.substitutes, { query: { productId }, signal, quiet: true }),
  peekProduct: (productId: string) => api.peek(catalogueApi.productById, { query: { productId } }),
  shops: (signal?: Signal) => api.call(catalogueApi.shops, { signal, quiet: true }),
  shop: (id: string, signal?: Signal) => api.call(catalogueApi.shop, { params: { id }, signal, quiet: true }),
  reviews: (productId: string, signal?: Signal) =>
    api.call(reviewApi.list, { query: { productId }, signal, quiet: true }),
  reviewOverview: (productId: string, signal?: Signal) =>
    api.call(reviewApi.overview, { query: { productId }, signal, quiet: true }),
  createReview: (body: CreateReviewRequest) => api.call(reviewApi.create, { body, quiet: true }),
  addToCart: (productId: string, quantity: number) =>
    api.call(cartApi.add, { body: { productId, quantity }, quiet: true }),
  sendMessage: (body: SendMessageRequest) => api.call(messagingApi.send, { body, quiet: true }),
}
