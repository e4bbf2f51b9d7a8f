/**
 * The API reads the store's pages start with, published in `routes.json` (see `EarlyRequest` in
 * @medstore/remote-contracts): the shell's index.html starts them before any script has arrived, and the
 * page's `storeApi` call takes the answer. Built from the screens' own constants; test/early-requests
 * checks each is exactly the request the screen makes. Only pages whose largest element needs the data.
 */
import type { EarlyRequest } from '@medstore/remote-contracts'
import { PRODUCTS_PAGE_SIZE } from './domain/catalogue.ts'
import type { StoreRoutePath } from './routePaths.ts'

export const storeEarlyRequests: Partial<Record<StoreRoutePath, EarlyRequest[]>> = {
  // The first page of every product, its first card's picture the page's largest element.
  '/products': [{ path: `/product?page=1&limit=${PRODUCTS_PAGE_SIZE}`, image: 'products.0.thumbnail' }],
  '/productDetails': [{ path: '/product/productById?productId={productId}', image: 'picture' }],
}
