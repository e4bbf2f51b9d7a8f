import { catalogueApi } from '@medstore/contracts/catalogue'
import { supplierApi } from '@medstore/contracts/supplier'
import { type AuthMiddleware, apiRouter, pageReply } from '@medstore/service-kit'
import { presentProductList } from '../presenters/catalogue'
import type { categoryUseCases } from '../use-cases/categories'
import type { ProductUseCases } from '../use-cases/products'
import type { shopUseCases } from '../use-cases/shops'
import type { SupplierUseCases } from '../use-cases/suppliers'
import { productFormParser, uploadedImage } from './multipart'

export type CatalogueUseCases = {
  categories: ReturnType<typeof categoryUseCases>
  products: ProductUseCases
  shops: ReturnType<typeof shopUseCases>
  suppliers: SupplierUseCases
}

/** The catalogue's public API: categories, products, shops and (administrators only) suppliers. */
export function catalogueRouter(
  auth: AuthMiddleware,
  { categories, products, shops, suppliers }: CatalogueUseCases,
) {
  // The form is read after the access check: a customer's upload is refused without being parsed.
  const form = { before: [productFormParser()] }
  return apiRouter(auth)
    .route(catalogueApi.categories, () => categories.list())
    .route(catalogueApi.createCategory, ({ body }) => categories.create(body.name))
    .route(catalogueApi.deleteCategory, ({ query }) => categories.remove(query.id))
    .route(catalogueApi.products, async ({ query }) =>
      pageReply(presentProductList(await products.list(query))),
    )
    .route(catalogueApi.categoryProducts, async ({ query: { category, ...paging } }) =>
      pageReply(presentProductList(await products.byCategory(category, paging))),
    )
    .route(catalogueApi.productById, ({ query }) => products.byId(query.productId))
    .route(catalogueApi.substitutes, ({ query }) => products.substitutes(query.productId, query.limit))
    .route(
      catalogueApi.createProduct,
      ({ body, req }) => products.create(body, uploadedImage(req.file)),
      form,
    )
    .route(
      catalogueApi.updateProduct,
      ({ query, body, req }) => products.update(query.productId, body, uploadedImage(req.file)),
      form,
    )
    .route(catalogueApi.deleteProduct, ({ query }) => products.remove(query.productId))
    .route(catalogueApi.shops, async ({ query }) => pageReply(await shops.list(query)))
    .route(catalogueApi.shop, ({ params }) => shops.byId(params.id))
    .route(supplierApi.list, async ({ query }) => pageReply(await suppliers.list(query)))
    .route(supplierApi.create, ({ body }) => suppliers.create(body))
    .route(supplierApi.update, ({ params, body }) => suppliers.update(params.id, body)).router
}
