/**
 * The store pages index.html paints from their early read (./pages.ts) before any of the app's
 * code has arrived: their own screens, rendered at build time with stand-in data (see `paints` in
 * @medstore/mf-config's createWebConfig). Build time only: no page bundle imports this module.
 */
import { type Product, type ProductPage, product } from '@medstore/contracts/catalogue'
import { numberSlot, textSlot } from '@medstore/mf-config/paint'
import type { PaintDeclaration } from '@medstore/mf-config/paint-render'
import { formatRupees } from '@medstore/ui'
import { links } from '@medstore/web-client'
import { EAGER_CARDS } from './components/ProductList.tsx'
import { CARD_DESCRIPTION_WORDS, PRODUCTS_PAGE_SIZE } from './domain/catalogue.ts'
import type { StoreRoutePath } from './pages.ts'
import { ProductDetails } from './screens/ProductDetails.tsx'
import { Products } from './screens/Products.tsx'

/** A field's schema as zod describes it (optional and nullable wrap the field's own). */
type FieldSchema = { def: { type: string; innerType?: FieldSchema } }

/** The stand-in of one field of the product contract: a number slot, a flag, or a text slot. */
function standInField(schema: FieldSchema, at: string, requiresPrescription: boolean): unknown {
  const type = schema.def.innerType?.def.type ?? schema.def.type
  if (type === 'number') return numberSlot(at)
  // Flags are not slots: each template shows the flag's element or not (see PaintList).
  if (type === 'boolean') return requiresPrescription
  // Lists (a composition, key ingredients) are drawn only in PAINT_HIDDEN elements: empty stand-ins.
  if (type === 'array') return []
  return textSlot(at)
}

/**
 * A product whose every shown value is a slot at `at` (`products.0`, or the answer itself), one per field
 * of the contract's product, so a new product field is painted with no change here.
 */
function standInProduct(at: string, descriptionWords?: number, requiresPrescription = false): Product {
  const slot = (field: string) => (at ? `${at}.${field}` : field)
  const fields = Object.entries(product.shape).map(([field, schema]) => [
    field,
    standInField(schema as unknown as FieldSchema, slot(field), requiresPrescription),
  ])
  return {
    ...(Object.fromEntries(fields) as Product),
    // The stock is a number slot too: what depends on it is PAINT_HIDDEN in the screens.
    description: textSlot(slot('description'), descriptionWords ? `words:${descriptionWords}` : undefined),
  }
}

const productsPage: ProductPage = {
  // The first EAGER_CARDS load their pictures at once, the rest lazily; each template's stand-in needs a
  // prescription (its Rx mark is the flag's element) and the one after it does not (see PaintList).
  products: Array.from({ length: EAGER_CARDS + 2 }, (_, index) =>
    standInProduct(`products.${index}`, CARD_DESCRIPTION_WORDS, index === 0 || index === EAGER_CARDS),
  ),
  // One page: no pager in the paint (its count is hidden there; see Products).
  total: PRODUCTS_PAGE_SIZE,
  totalCapped: false,
  page: 1,
  limit: PRODUCTS_PAGE_SIZE,
  // A card found by an ingredient says so in one more line, drawn once the app has the answer.
  ingredientMatches: [],
}

export const paints: Partial<Record<StoreRoutePath, PaintDeclaration>> = {
  '/products': {
    read: 0,
    url: '/products',
    data: productsPage,
    lists: [{ path: 'products', split: EAGER_CARDS, flag: 'requiresPrescription' }],
    element: <Products />,
  },
  '/productDetails': {
    read: 0,
    url: links.product(textSlot('_id')),
    // The page shows the description's first 30 words above the tabs; the paint's tab shows them too.
    data: standInProduct('', 30),
    // The prescription note shows only for a medicine that needs one.
    flag: 'requiresPrescription',
    element: <ProductDetails />,
  },
}

export const paintFormats = { rupees: formatRupees }
