/**
 * The reads this remote declares for the shell's index.html to start (src/pages.ts) must be
 * exactly the reads its screens make, or the page's call would not take the early answer and the
 * catalogue would be asked twice. The screens' calls go through the real API client; the early-request
 * seam records what they ask for.
 */
import { configureRuntime, EARLY_SEAM, type EarlySeamV1 } from '@medstore/web-client'
import { afterEach, describe, expect, it } from 'vitest'
import { storeApi } from '../src/data/api.ts'
import { PRODUCTS_PAGE_SIZE } from '../src/domain/catalogue.ts'
import { storePages } from '../src/pages.ts'

const API = 'https://api.shop.example.in'

/** Records each GET the client offers to take from the seam, answering it with `{}`. */
function recordReads(): string[] {
  const asked: string[] = []
  const seam: EarlySeamV1 = {
    v: 1,
    doc: () => undefined,
    take(url) {
      asked.push(url)
      return Promise.resolve(Response.json({}))
    },
  }
  ;(globalThis as Record<string, unknown>)[EARLY_SEAM] = seam
  return asked
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[EARLY_SEAM]
})

describe("the store's early reads", () => {
  it('/products: the first page of every product, as the screen asks for it', async () => {
    configureRuntime({ apiUrl: API })
    const asked = recordReads()
    await storeApi.products({ page: 1, limit: PRODUCTS_PAGE_SIZE })
    expect(storePages['/products'].early.map((read) => `${API}${read.path}`)).toEqual(asked)
    expect(storePages['/products'].early[0]?.image).toBe('products.0.thumbnail')
  })

  it('/productDetails: the product of the URL, its picture the page shows largest', async () => {
    configureRuntime({ apiUrl: API })
    const asked = recordReads()
    const id = '7cf07eca-3918-4274-bd84-6eedd9b79639'
    await storeApi.product(id)
    const declared = storePages['/productDetails'].early.map((read) =>
      `${API}${read.path}`.replace('{productId}', encodeURIComponent(id)),
    )
    expect(declared).toEqual(asked)
    expect(storePages['/productDetails'].early[0]?.image).toBe('picture')
  })
})
