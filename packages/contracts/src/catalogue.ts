import { z } from 'zod'
import { type ApiRoute, listHeaders, pagingQuery } from './api'
import {
  compositionField,
  drugSchedule,
  gstRateField,
  hsnCodeField,
  keyIngredientsField,
  medicineSchedule,
  optionalText,
  packUnitsField,
  requiredText,
} from './fields'
import { indianDigits } from './money'
import { cataloguePaths } from './route-paths'

/*
 * The catalogue service's public API (through the gateway: /category, /product, /shop).
 *
 * Image URLs: `image` and `thumbnail` are absolute URLs on the public API host (PUBLIC_API_URL, default
 * http://localhost:8080), e.g. http://localhost:8080/product/image/3f2a…; `thumbnail` is the 400 px WebP
 * for cards (`…/card`), `picture` the 800 px WebP for the product page (`…/large`). The id in the URL
 * changes whenever the image changes, so all are cached forever.
 */

export const CATEGORY_NAME_EMPTY = 'Category name cannot be empty'
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024
export const PRODUCT_PAGE_MAX = 100
export const PRODUCT_PAGE_DEFAULT = 24
/** A page's `total` counts matches up to this many (`totalCapped` says more match): searches stay fast. */
export const PRODUCT_COUNT_CAP = 5_000
/** The most a price may be, in rupees (keeps paise inside a 32-bit integer with room to spare). */
export const PRICE_MAX_RUPEES = 1_000_000

const id = (label: string) => z.uuid(`Invalid ${label} id`)

// ---------- categories ----------

/** Body of `POST /category`. */
export const categoryInput = z.object({
  name: z
    .string({ error: CATEGORY_NAME_EMPTY })
    .trim()
    .min(1, CATEGORY_NAME_EMPTY)
    .max(60, 'Category name must be at most 60 characters'),
})
export type CategoryInput = z.input<typeof categoryInput>

export const category = z.object({ _id: z.string(), name: z.string() })
export type Category = z.infer<typeof category>

/** Query of `DELETE /category?id=`. */
export const categoryIdQuery = z.object({ id: id('category') })

// ---------- products ----------

const RUPEES = /^\d{1,7}(\.\d{1,2})?$/

/** An amount in rupees: a number or numeric text (multipart sends text), > 0, at most 2 decimals. */
const rupees = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} is required` })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .regex(RUPEES, `${label} must be a number of rupees with at most 2 decimals`)
        .transform(Number)
        .pipe(
          z
            .number()
            .positive(`${label} must be more than 0`)
            .max(PRICE_MAX_RUPEES, `${label} must be at most ₹${indianDigits(PRICE_MAX_RUPEES)}`),
        ),
    )

/** The selling price in rupees (tax-inclusive, like every price the shop shows). */
export const rupeePrice = rupees('Price')
/** The maximum retail price printed on the pack, in rupees: the price may be lower, never higher. */
export const rupeeMrp = rupees('MRP')

/** Units in stock: a whole number ≥ 0, as a number or text. */
export const stockLevel = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(
    z
      .string()
      .regex(/^\d{1,7}$/, 'Stock must be a whole number of units, 0 or more')
      .transform(Number),
  )

/** A yes/no form field: a boolean, or the text true/false/on/off/1/0. */
export const formFlag = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === 'boolean' ? String(v) : v.trim().toLowerCase()))
  .pipe(
    z
      .enum(['true', 'false', 'on', 'off', '1', '0'], { error: 'Must be true or false' })
      .transform((v) => v === 'true' || v === 'on' || v === '1'),
  )

/**
 * The fields of `POST /product` and `PUT /product?productId=` (multipart form, or JSON without an image).
 * The optional file field is `image` (PNG, JPEG, GIF or WebP, at most 10 MB). On update an absent optional
 * field keeps its current value; on create it takes its default: stock 0, schedule OTC, no composition or
 * key ingredients, manufacturer and pack empty, 1 unit per pack, MRP = price, HSN 3004, GST 5%.
 * `requiresPrescription` is the older way to say the schedule (true → H, false → OTC); `schedule` wins.
 * Composition is text ('Aceclofenac 100 mg + Paracetamol 325 mg') or an array of { salt, strength }; key
 * ingredients comma-separated text or an array.
 */
export const productForm = z
  .object({
    name: requiredText('Product name', 120),
    category: requiredText('Category', 60),
    price: rupeePrice,
    description: z
      .string({ error: 'Description is required' })
      .trim()
      .min(1, 'Description is required')
      .max(5_000, 'Description must be at most 5000 characters'),
    stock: stockLevel.optional(),
    requiresPrescription: formFlag.optional(),
    schedule: medicineSchedule.optional(),
    composition: compositionField.optional(),
    manufacturer: optionalText('Manufacturer', 120),
    pack: optionalText('Pack', 80),
    packUnits: packUnitsField.optional(),
    mrp: rupeeMrp.optional(),
    keyIngredients: keyIngredientsField.optional(),
    hsnCode: hsnCodeField.optional(),
    gstRate: gstRateField.optional(),
  })
  .refine((form) => form.mrp === undefined || form.mrp >= form.price, {
    path: ['mrp'],
    message: 'MRP must be at least the price: a shop may sell below the MRP, never above it',
  })
export type ProductForm = z.input<typeof productForm>

export const productSort = z.enum(['name', '-name', 'price', '-price', 'newest'], {
  error: 'Sort must be one of name, -name, price, -price, newest',
})
export type ProductSort = z.infer<typeof productSort>

const positiveInt = (label: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(1, `${label} must be at least 1`).max(max, `${label} must be at most ${max}`))

/**
 * Query of `GET /product`. Without `page` and `limit` the answer is the documented array of every
 * matching product; with either, it is a page: `{ products, total, totalCapped, page, limit }` (limit
 * default 24, max 100; `total` is exact up to 5,000 matches, then 5,000 with `totalCapped: true`).
 */
export const productQuery = z.object({
  /**
   * Case-insensitive substring of the name, or of a salt or key ingredient: name matches first, then the
   * products holding it only as an ingredient, each group in the sort order; near matches for a typing slip.
   */
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  /** A category name (exact, any case). */
  category: z.string().trim().max(60).optional(),
  page: positiveInt('Page', 100_000).optional(),
  limit: positiveInt('Limit', PRODUCT_PAGE_MAX).optional(),
  sort: productSort.optional(),
})
export type ProductQuery = z.input<typeof productQuery>

export const productIdQuery = z.object({ productId: id('product') })
export const categoryProductQuery = z.object({
  category: z.string({ error: 'Category is required' }).trim().min(1, 'Category is required').max(60),
  page: positiveInt('Page', 100_000).optional(),
  limit: positiveInt('Limit', PRODUCT_PAGE_MAX).optional(),
})

export const product = z.object({
  _id: z.string(),
  name: z.string(),
  /** The category's name. */
  category: z.string(),
  /** Rupees, at most 2 decimals. */
  price: z.number(),
  description: z.string(),
  /** Absolute URL of the original image. */
  image: z.string(),
  /** Absolute URL of the 400 px WebP for cards. */
  thumbnail: z.string(),
  /**
   * Absolute URL of the 800 px WebP for the product page: an upload may be a 10 MB photo, which a phone
   * should not download to show a 400 px box.
   */
  picture: z.string(),
  stock: z.number().int(),
  /** Derived from the schedule: H and H1 are sold only against a prescription. */
  requiresPrescription: z.boolean(),
  /** The Drugs and Cosmetics Rules schedule: OTC, H and H1 (prescription), X (never sold online). */
  schedule: drugSchedule,
  /** The active salts with their strengths per unit; empty for a product that is not a medicine. */
  composition: z.array(z.object({ salt: z.string(), strength: z.string() })),
  manufacturer: z.string(),
  /** How it is sold, e.g. 'strip of 10 tablets', '200 ml bottle' (empty when not given). */
  pack: z.string(),
  /** Units in one pack (tablets, ml, g): price / packUnits is the price per unit. */
  packUnits: z.number().int(),
  /** Maximum retail price in rupees, ≥ price; every price is tax-inclusive. */
  mrp: z.number(),
  /** An ayurvedic product's key ingredients (empty otherwise). */
  keyIngredients: z.array(z.string()),
  /** HSN code for the GST invoice (4, 6 or 8 digits). */
  hsnCode: z.string(),
  /** GST included in the price, in percent. */
  gstRate: z.number().int(),
})
export type Product = z.infer<typeof product>

export const productPage = z.object({
  products: z.array(product),
  /** How many products match, counted up to PRODUCT_COUNT_CAP (5,000). */
  total: z.number().int(),
  /** true when more than `total` match (show "5,000+"); later pages still work. */
  totalCapped: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
  /**
   * The ids of the products on this page a search found by a salt of their composition or a key
   * ingredient, not by their name (the storefront shows that line: why it is there).
   */
  ingredientMatches: z.array(z.string()),
})
export type ProductPage = z.infer<typeof productPage>

/** The most substitutes one answer lists (the cheapest per unit). */
export const SUBSTITUTES_MAX = 20
export const SUBSTITUTES_DEFAULT = 10

/** Query of `GET /product/substitutes?productId=&limit=`. */
export const substitutesQuery = z.object({
  productId: id('product'),
  limit: positiveInt('Limit', SUBSTITUTES_MAX).optional(),
})

/** A product with the same composition, and how its price per unit compares with the asked one's. */
export const substitute = z.object({
  product,
  /** Rupees per unit (price / packUnits), to compare packs of different sizes. */
  unitPrice: z.number(),
  /** Whole percent cheaper per unit than the asked product ('Save 38%'); 0 when not cheaper. */
  savingPercent: z.number().int(),
})
export type Substitute = z.infer<typeof substitute>

export const substitutesAnswer = z.object({
  productId: z.string(),
  /** The asked product's rupees per unit. */
  unitPrice: z.number(),
  /** In stock, sold online, same salts at the same strengths; cheapest per unit first; at most `limit`. */
  substitutes: z.array(substitute),
})
export type SubstitutesAnswer = z.infer<typeof substitutesAnswer>

// ---------- shops ----------

export const shop = z.object({
  _id: z.string(),
  name: z.string(),
  /** The pharmacist who runs it. */
  ownerName: z.string(),
  logo: z.string(),
  banner: z.string(),
  city: z.string(),
  location: z.string(),
  postalCode: z.string(),
  phone: z.string(),
  email: z.string(),
  rating: z.number(),
  totalReview: z.number().int(),
  status: z.enum(['Open', 'Closed']),
  hasOwnDelivery: z.boolean(),
  isDeliveryFree: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
})
export type Shop = z.infer<typeof shop>

export const shopIdParams = z.object({ id: id('shop') })
export const imageParams = z.object({ imageId: z.string().regex(/^[a-f0-9]{32}$/, 'Invalid image id') })

// ---------- routes ----------

const tags = ['catalogue']
const productResponse = product
const deleted = z.object({ message: z.string() })

/** Image ids change with the bytes, so an image may be cached for good. */
const imageCacheHeaders = {
  ETag: 'sha256 of the bytes; If-None-Match answers 304',
  'Cache-Control': 'public, max-age=31536000, immutable (a new picture gets a new id)',
}

/** A picture's bytes: the upload, or one of the WebPs made from it (`variant`). */
const imageRoute = (variant: 'image' | 'imageCard' | 'imageLarge', summary: string, mediaType: string) =>
  ({
    ...cataloguePaths[variant],
    summary,
    access: 'public',
    documented: false,
    tags,
    params: imageParams,
    responseHeaders: imageCacheHeaders,
    mediaType,
    notModified: true,
    errors: { 404: 'No such image' },
  }) satisfies ApiRoute

export const catalogueApi = {
  createCategory: {
    ...cataloguePaths.createCategory,
    summary: 'Create a category (name trimmed, unique ignoring case)',
    access: 'admin',
    documented: true,
    tags,
    body: categoryInput,
    status: 201,
    response: category,
    errors: { 400: CATEGORY_NAME_EMPTY, 409: 'A category with that name exists already' },
  },
  categories: {
    ...cataloguePaths.categories,
    summary: 'Every category, sorted by name',
    access: 'public',
    documented: true,
    tags,
    response: z.array(category),
  },
  deleteCategory: {
    ...cataloguePaths.deleteCategory,
    summary: 'Delete a category no product uses',
    access: 'admin',
    documented: true,
    tags,
    query: categoryIdQuery,
    response: deleted,
    errors: {
      400: 'Malformed id',
      404: 'No such category',
      409: 'Products still use it (the message says how many)',
    },
  },
  products: {
    ...cataloguePaths.products,
    summary:
      'Products: without page and limit, the first 100 as the documented array; with page or limit, { products, total, totalCapped, page, limit, ingredientMatches }. q (a name, salt or key ingredient: name matches first), category and sort filter and order either form. X-Total-Count (capped at 5,000) and Link headers on both.',
    access: 'public',
    documented: true,
    tags,
    query: productQuery,
    responseHeaders: listHeaders('products'),
    response: z.union([z.array(product), productPage]),
    errors: { 400: 'Bad query parameter' },
  },
  categoryProducts: {
    ...cataloguePaths.categoryProducts,
    summary: 'The products of one category (by name): the first 100 unless page/limit ask for another page',
    access: 'public',
    documented: true,
    tags,
    query: categoryProductQuery,
    responseHeaders: listHeaders('products'),
    response: z.array(product),
    errors: { 400: 'No category given' },
  },
  productById: {
    ...cataloguePaths.productById,
    summary: 'One product',
    access: 'public',
    documented: true,
    tags,
    query: productIdQuery,
    response: productResponse,
    errors: { 400: 'Malformed id', 404: 'No such product' },
  },
  substitutes: {
    ...cataloguePaths.substitutes,
    summary:
      'Products with exactly the same composition (every salt and strength, in any order), in stock and sold online, cheapest per unit first, each with its saving per unit; at most limit (default 10, max 20). A product without a composition has none.',
    access: 'public',
    documented: true,
    tags,
    query: substitutesQuery,
    response: substitutesAnswer,
    errors: { 400: 'Malformed id or limit', 404: 'No such product' },
  },
  createProduct: {
    ...cataloguePaths.createProduct,
    summary: 'Create a product (multipart form; optional image file field `image`)',
    access: 'admin',
    documented: true,
    tags,
    body: productForm,
    multipart: true,
    status: 201,
    response: productResponse,
    errors: {
      400: 'Invalid field, or the category does not exist',
      413: 'Image over 10 MB',
      415: 'Image is not PNG, JPEG, GIF or WebP by its content, or hides data after its end',
    },
  },
  updateProduct: {
    ...cataloguePaths.updateProduct,
    summary: 'Update a product (same form; without an image the current one stays)',
    access: 'admin',
    documented: true,
    tags,
    query: productIdQuery,
    body: productForm,
    multipart: true,
    response: productResponse,
    errors: {
      400: 'Invalid field, or the category does not exist',
      404: 'No such product',
      413: 'Image over 10 MB',
      415: 'Image is not PNG, JPEG, GIF or WebP by its content, or hides data after its end',
    },
  },
  deleteProduct: {
    ...cataloguePaths.deleteProduct,
    summary: 'Delete a product',
    access: 'admin',
    documented: false,
    tags,
    query: productIdQuery,
    response: deleted,
    errors: { 400: 'Malformed id', 404: 'No such product' },
  },
  image: imageRoute(
    'image',
    'A product or shop image as uploaded (immutable; ETag; cached for a year)',
    'image/*',
  ),
  imageCard: imageRoute('imageCard', 'The same image as a 400 px wide WebP for product cards', 'image/webp'),
  imageLarge: imageRoute(
    'imageLarge',
    'The same image as an 800 px wide WebP for the product page',
    'image/webp',
  ),
  shops: {
    ...cataloguePaths.shops,
    summary: 'Registered medicine stores by name: the first 100 unless page/limit ask for another page',
    access: 'public',
    documented: false,
    tags,
    query: pagingQuery,
    response: z.array(shop),
    responseHeaders: listHeaders('stores'),
    errors: { 400: 'Invalid page or limit' },
  },
  shop: {
    ...cataloguePaths.shop,
    summary: 'One medicine store',
    access: 'public',
    documented: false,
    tags,
    params: shopIdParams,
    response: shop,
    errors: { 400: 'Malformed id', 404: 'No such shop' },
  },
} satisfies Record<string, ApiRoute>

export const catalogueRoutes: ApiRoute[] = Object.values(catalogueApi)
