import { z } from 'zod'
import { type ApiRoute, listHeaders } from './api'
import { lineQuantity, productIdField } from './cart'
import { errorBody } from './errors'
import { orderStatus, refundStatus } from './events'
import { drugSchedule, indianMobile, pinCode, requiredText } from './fields'
import { PRICE_FILTER_INVALID, PRICE_FILTER_PATTERN, priceFilterText } from './money'
import { IDEMPOTENCY_KEY_HEADER, MAX_ORDER_LINES, SHIPPING_COUNTRY } from './order-constants'
import { orderPrescriptionStatus } from './prescription'
import { says } from './problems'
import { orderPaths } from './route-paths'
import { shortages } from './stock'

export { IDEMPOTENCY_KEY_HEADER, MAX_ORDER_LINES, orderStatus, SHIPPING_COUNTRY }
export type OrderStatus = z.infer<typeof orderStatus>

export const paymentType = z.enum(['cash', 'online'], { error: 'Payment type must be cash or online' })
export type PaymentType = z.infer<typeof paymentType>

/** refund_*: the paid amount of a cancelled order going back to the buyer (see `refunds`). */
export const paymentStatus = z.enum([
  'pending',
  'paid',
  'failed',
  'refund_pending',
  'refunded',
  'refund_failed',
])
export type PaymentStatus = z.infer<typeof paymentStatus>

export { refundStatus }
export type RefundStatus = z.infer<typeof refundStatus>

/** Money going back to the buyer of a paid order: the order's remainder when cancelled, or a cancelled item. */
export const refundView = z.object({
  _id: z.string(),
  /** The cancelled item; null for the order's refund. */
  itemId: z.string().nullable(),
  /** Rupees. */
  amount: z.number(),
  status: refundStatus,
  /** When the refund was initiated (ISO). */
  createdAt: z.string(),
})
export type RefundView = z.infer<typeof refundView>

/** The checkout form's phone, PIN and house number are numeric inputs: a number is read as its digits. */
const digitsAsText = (schema: z.ZodType<string>) =>
  z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), schema)

export const shippingInfo = z.object(
  {
    customerName: requiredText('Customer name', 100),
    phoneNumber: digitsAsText(indianMobile),
    country: z
      .string({ error: says('Country is required', 'required') })
      .trim()
      .min(1, { error: says('Country is required', 'required') })
      .refine((v) => v.toLowerCase() === SHIPPING_COUNTRY.toLowerCase(), {
        error: says('We ship within India only', 'outside_india'),
      })
      .transform(() => SHIPPING_COUNTRY),
    state: requiredText('State', 60),
    city: requiredText('City', 80),
    addressLine1: requiredText('Address line 1', 200),
    addressLine2: z
      .string({ error: says('Address line 2 must be text', 'not_text') })
      .trim()
      .max(200, { error: says('Address line 2 must be at most 200 characters', 'too_long', { max: 200 }) })
      .nullish()
      .transform((v) => v ?? ''),
    postalCode: digitsAsText(pinCode('Postal code')),
    street: requiredText('Street', 200),
    houseNumber: digitsAsText(requiredText('House number', 30)),
  },
  { error: 'Shipping info is required' },
)
export type ShippingInfo = z.infer<typeof shippingInfo>

export const createOrderRequest = z.object({
  items: z
    .array(
      z.object({
        productId: productIdField,
        quantity: lineQuantity,
        /** Sent by the documented client and ignored: the server prices every line from the catalogue. */
        price: z.unknown().optional(),
      }),
      { error: 'items must be a list of products' },
    )
    .min(1, 'An order needs at least one item')
    .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines`)
    .refine(
      (items) => new Set(items.map((i) => i.productId)).size === items.length,
      'Each product may appear only once in an order',
    ),
  shippingInfo,
  paymentType,
  /**
   * The customer's prescription (`POST /prescription`), required when a line is a Schedule H or H1
   * medicine (422 `prescription_required` without one, `prescription_not_usable` when it is not theirs,
   * rejected or expired); ignored otherwise.
   */
  prescriptionId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: 'prescriptionId must be text' })
      .trim()
      .uuid('prescriptionId is not a valid id')
      .optional(),
  ),
})
export type CreateOrderRequest = z.input<typeof createOrderRequest>

export const orderIdQuery = z.object({
  orderId: z.string({ error: 'orderId is required' }).trim().min(1, 'orderId is required').max(100),
})
export const orderItemQuery = orderIdQuery.extend({
  itemId: z.string({ error: 'itemId is required' }).trim().min(1, 'itemId is required').max(100),
})

export const statusChangeRequest = z.object({
  status: z.enum(orderStatus.options, {
    error: `Status must be one of ${orderStatus.options.join(', ')}`,
  }),
})

const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** An order's place in a list, newest first (`<ms since the epoch>.<sequence number>`), as a list answers it. */
export const ORDER_CURSOR_PATTERN = /^\d{1,15}\.\d{1,10}$/
const orderCursor = (name: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(ORDER_CURSOR_PATTERN, `${name} must be a place a list of orders answered (cursors)`)
      .optional(),
  )

/** Filters of `GET /order` (and `GET /order/user-order`); all optional. Without page/limit every order is returned. */
export const orderListQuery = z.object({
  /** Customer name contains (case-insensitive). */
  name: z.preprocess(emptyAsUndefined, z.string().trim().max(100).optional()),
  /** Placed on this calendar day in India (YYYY-MM-DD). */
  date: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'date must be a real day')
      .optional(),
  ),
  /**
   * Total in rupees contains this text, as the back-office filter does (e.g. '12' matches ₹120 and ₹512.50);
   * typed as the tables show it ('₹1,299.50', '199.00') it is read as the total ('1299.5', '199').
   */
  price: z.preprocess(
    (v) => emptyAsUndefined(typeof v === 'string' ? priceFilterText(v) : v),
    z.string().regex(PRICE_FILTER_PATTERN, PRICE_FILTER_INVALID).optional(),
  ),
  /** A status, or 'All Status' / 'all' for every status. */
  status: z.preprocess(
    (v) => (typeof v === 'string' && /^(all|all status)$/i.test(v.trim()) ? undefined : emptyAsUndefined(v)),
    z
      .enum(orderStatus.options, { error: `status must be one of ${orderStatus.options.join(', ')}` })
      .optional(),
  ),
  page: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').optional(),
  ),
  limit: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(100, 'limit can be at most 100')
      .optional(),
  ),
  /**
   * The page of `limit` orders just older than this place (a list answer's `cursors.oldest`): the next page,
   * read from that place instead of skipping the ones before it. `page` still names it. Wins over `before`.
   */
  after: orderCursor('after'),
  /** The page of `limit` orders just newer than this place (a list answer's `cursors.newest`): the previous page. */
  before: orderCursor('before'),
})
export type OrderListQuery = z.infer<typeof orderListQuery>

export const orderItem = z.object({
  _id: z.string(),
  productId: z.object({
    _id: z.string(),
    name: z.string(),
    image: z.string(),
    category: z.string(),
    /** Rupees, the unit price when the order was placed. */
    price: z.number(),
  }),
  quantity: z.number().int(),
  /** Rupees per unit. */
  price: z.number(),
  status: orderStatus,
  /*
   * The product's medicine facts as they were when ordered (what the tax invoice prints). Lines placed
   * before they were kept read as OTC, HSN 3004, GST 5 % and MRP = price.
   */
  schedule: drugSchedule,
  hsnCode: z.string(),
  /** GST included in the price, percent. */
  gstRate: z.number().int(),
  /** Maximum retail price per unit, rupees. */
  mrp: z.number(),
})

/** Shipping info as stored and answered (normalised: 10-digit phone, country India, addressLine2 '' when none). */
export const shippingInfoView = z.object({
  customerName: z.string(),
  /** 10 digits, without +91. */
  phoneNumber: z.string(),
  /** Always India (we ship within India only). */
  country: z.string(),
  state: z.string(),
  city: z.string(),
  addressLine1: z.string(),
  /** '' when none was given. */
  addressLine2: z.string(),
  postalCode: z.string(),
  street: z.string(),
  houseNumber: z.string(),
})

/**
 * The prescription check of an order holding Schedule H/H1 lines (null for other orders): until `approved`
 * the order cannot move past pending. Rejected: `reason`, and `reattachBy` (ISO) until which the customer
 * may attach another prescription (`POST /prescription/{id}/attach`); after it the order is cancelled.
 */
export const orderPrescription = z.object({
  status: orderPrescriptionStatus,
  prescriptionId: z.string(),
  reason: z.string().nullable(),
  reattachBy: z.string().nullable(),
})
export type OrderPrescription = z.infer<typeof orderPrescription>

export const order = z.object({
  _id: z.string(),
  /** Human-friendly, e.g. MS-000123. */
  number: z.string(),
  userId: z.string(),
  items: z.array(orderItem),
  shippingInfo: shippingInfoView,
  paymentType,
  paymentStatus,
  /** Where an unpaid online order is paid; null for cash orders. */
  paymentLinkUrl: z.string().nullable(),
  /** Rupees: the sum of the lines (free delivery, no tax added). */
  totalPrice: z.number(),
  /** Refunds of a paid online order, oldest first (empty when none). */
  refunds: z.array(refundView),
  /** 'Delivery by' this day (YYYY-MM-DD, India) as promised when the order was placed; null for older orders. */
  promisedDeliveryDate: z.string().nullable(),
  status: orderStatus,
  prescription: orderPrescription.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Order = z.infer<typeof order>

export const createOrderResponse = z.object({
  order,
  /** Online: the payment page. Cash: the shop's order-confirmation page. */
  paymentLinkUrl: z.string(),
})
/** What placing an order answers (the order service's use case returns it as is). */
export type Placed = z.infer<typeof createOrderResponse>
export const orderResponse = z.object({ order })
/**
 * A list of orders counts its matches up to this many (`totalCapped` says more match), and its pages go as
 * far as this many newest matches (a page beyond answers no orders): counting every match of a store with
 * a million orders, or skipping thousands of them to reach a deep page, would cost more than the page
 * (issue 35: a name or amount filter tests each order it skips). Narrower filters reach older orders.
 */
export const ORDER_COUNT_CAP = 1_000

/**
 * A name filter of one or two characters is looked for among this many newest orders only (`searchedNewest`
 * says so): no index finds so short a text, so a rare one would be tested against every order of the store
 * (3 s at 1,000,000 orders). Three characters or more are found by the name's trigram index in all of them.
 */
export const SHORT_NAME_WINDOW = 20_000
/** The shortest name filter that is looked for in every order (see SHORT_NAME_WINDOW). */
export const NAME_FILTER_INDEXED_FROM = 3

export const ordersResponse = z.object({
  orders: z.array(order),
  /** Present when page/limit were given: how many orders match the filters, up to ORDER_COUNT_CAP. */
  total: z.number().int().optional(),
  /**
   * Present with `total`: true when more than `total` orders match (show "1,000+"); for a name or amount
   * filter, also when the database expects far more to match than that (an estimate, not counted).
   */
  totalCapped: z.boolean().optional(),
  /** Present when the name filter was too short to look for in every order: it was looked for in this many newest. */
  searchedNewest: z.number().int().optional(),
  /** The places of the page's newest and oldest orders, for `before` and `after` (the previous and next pages). */
  cursors: z.object({ newest: z.string(), oldest: z.string() }).optional(),
  page: z.number().int().optional(),
  limit: z.number().int().optional(),
})
export type OrdersResponse = z.infer<typeof ordersResponse>

/** The sandbox provider's webhook body (signed with HMAC-SHA256 in the X-Payment-Signature header). */
export const sandboxWebhook = z.object({
  id: z.string().min(1),
  orderId: z.string().min(1),
  outcome: z.enum(['paid', 'failed']),
  /** Paise. */
  amount: z.number().int(),
  /** ISO 4217; the order is paid only in rupees (INR). */
  currency: z.string().max(3),
})
export type SandboxWebhook = z.infer<typeof sandboxWebhook>
export const SANDBOX_SIGNATURE_HEADER = 'X-Payment-Signature'

/** The order service's public API: section 7 routes plus our additions. */
/**
 * The 409 of `POST /order`: when stock is short (code `out_of_stock`), `shortages` names the products, how
 * many were asked for and how many are left; when the Idempotency-Key is in use
 * (`idempotency_in_progress`), just the message.
 */
export const orderConflict = errorBody.omit({ errors: true }).extend({ shortages: shortages.optional() })

/** What a payment webhook answers: received, and what it did (e.g. paid, ignored, duplicate). */
export const webhookResponse = z.object({ received: z.literal(true), result: z.string() })

/** The part of Razorpay's webhook body the shop reads (payment_link.* events); other fields are ignored. */
export const razorpayWebhook = z.looseObject({
  event: z.string(),
  payload: z.looseObject({
    payment_link: z
      .object({
        entity: z.looseObject({
          id: z.string(),
          reference_id: z.string().optional(),
          amount: z.number().int().optional(),
          amount_paid: z.number().int().optional(),
          notes: z.record(z.string(), z.unknown()).nullish(),
        }),
      })
      .optional(),
  }),
})

/** The sandbox payment page's path: any text the page can look up (the text rule still applies). */
export const paymentPageParams = z.object({ orderId: z.string() })

export const orderApi = {
  list: {
    ...orderPaths.list,
    summary:
      'All orders, newest first, with optional filters: without page and limit the first 100 as { orders }; with either, { orders, total, totalCapped, page, limit } (total counted up to 1,000). A name of one or two letters is looked for in the 20,000 newest orders and the answer says so (searchedNewest)',
    access: 'admin',
    documented: true,
    tags: ['order'],
    query: orderListQuery,
    status: 200,
    response: ordersResponse,
    responseHeaders: listHeaders('orders'),
    errors: { 400: 'Invalid filter' },
  },
  place: {
    ...orderPaths.place,
    summary:
      'Place an order; prices come from the catalogue (a client price is ignored). Send an Idempotency-Key header to make retries safe.',
    access: 'user',
    documented: true,
    tags: ['order'],
    body: createOrderRequest,
    status: 201,
    response: createOrderResponse,
    requestHeaders: {
      [IDEMPOTENCY_KEY_HEADER]:
        'Any unique text per order attempt: a retry with the same key answers the first result and places nothing twice.',
    },
    errorBodies: { 409: orderConflict },
    errors: {
      400: 'Invalid items, shipping info (each problem names its field) or payment type',
      404: 'Unknown product',
      409: 'Not enough stock (nothing reserved; `shortages` says how many are left), or the Idempotency-Key is in use',
      422: 'The Idempotency-Key was used for a different order; a Schedule X medicine (not sold online); Schedule H/H1 lines without a usable prescription; a PIN code we do not deliver to (pincode_not_served) or that India Post does not list (pincode_unknown)',
      503: 'The catalogue or the payment provider is unavailable; nothing was placed',
    },
    errorCodes: {
      409: ['out_of_stock', 'idempotency_in_progress'],
      422: [
        'idempotency_key_reused',
        'not_sold_online',
        'prescription_required',
        'prescription_not_usable',
        'pincode_not_served',
        'pincode_unknown',
      ],
    },
  },
  setStatus: {
    ...orderPaths.setStatus,
    summary: 'Change an order status (pending, processing, shipped, delivered, cancelled)',
    access: 'admin',
    documented: true,
    tags: ['order'],
    query: orderIdQuery,
    body: statusChangeRequest,
    status: 200,
    response: orderResponse,
    errors: {
      400: 'Unknown status',
      404: 'No such order',
      409: 'Not allowed from the current status (e.g. a delivered order cannot go back to pending), or its prescription is not approved yet (code prescription_unverified)',
    },
    errorCodes: { 409: ['conflict', 'prescription_unverified'] },
  },
  setItemStatus: {
    ...orderPaths.setItemStatus,
    summary: "Change one item's status; the order status follows its items",
    access: 'admin',
    documented: true,
    tags: ['order'],
    query: orderItemQuery,
    body: statusChangeRequest,
    status: 200,
    response: orderResponse,
    errors: {
      400: 'Unknown status',
      404: 'No such order or item',
      409: 'Not allowed from the current status, or its prescription is not approved yet (code prescription_unverified)',
    },
    errorCodes: { 409: ['conflict', 'prescription_unverified'] },
  },
  userOrders: {
    ...orderPaths.userOrders,
    summary: "The caller's own orders, newest first (the first 100 unless page/limit ask for another page)",
    access: 'user',
    documented: true,
    tags: ['order'],
    query: orderListQuery,
    status: 200,
    response: ordersResponse,
    responseHeaders: listHeaders('orders'),
    errors: { 400: 'Invalid filter' },
  },
  byId: {
    ...orderPaths.byId,
    summary: 'One order (its owner or an administrator), e.g. for the order-confirmation page',
    access: 'user',
    documented: false,
    tags: ['order'],
    query: orderIdQuery,
    status: 200,
    response: orderResponse,
    errors: { 400: 'orderId missing or malformed', 404: 'No such order (or not yours)' },
  },
  cancel: {
    ...orderPaths.cancel,
    summary:
      'Cancel your own order while it is pending or processing and within 24 hours of placing it (the cancellation policy); the stock goes back',
    access: 'user',
    documented: false,
    tags: ['order'],
    query: orderIdQuery,
    status: 200,
    response: orderResponse,
    errors: {
      400: 'orderId missing or malformed',
      404: 'No such order (or not yours)',
      409: 'Already shipped, delivered or cancelled, or placed more than 24 hours ago',
    },
  },
  invoice: {
    ...orderPaths.invoice,
    summary:
      'The GST tax invoice of a shipped or delivered order as a PDF (its owner or an administrator), issued as the order ships and the same file at every download',
    access: 'user',
    documented: false,
    tags: ['order'],
    query: orderIdQuery,
    mediaType: 'application/pdf',
    responseHeaders: {
      'Content-Disposition':
        'attachment; filename="MS-2026-27-000123.pdf": the invoice number, as a file name',
      'Cache-Control': 'no-store: never kept by a browser or a shared cache',
    },
    errors: {
      400: 'orderId missing or malformed',
      404: 'No such order (or not yours)',
      409: 'The order has not shipped (or was cancelled): no invoice yet (code invoice_not_issued)',
    },
    errorCodes: { 409: ['invoice_not_issued'] },
  },
  paymentPage: {
    ...orderPaths.paymentPage,
    summary: 'The sandbox payment page (HTML) where the buyer pays or fails an online order',
    access: 'public',
    documented: false,
    tags: ['payment'],
    params: paymentPageParams,
    status: 200,
    mediaType: 'text/html',
    errors: {
      400: 'The order id contains text that is not allowed',
      404: 'No such order, or it is not paid online through the sandbox',
    },
  },
  sandboxWebhook: {
    ...orderPaths.sandboxWebhook,
    summary: 'Sandbox payment webhook, signed with HMAC-SHA256 of the raw body (X-Payment-Signature)',
    access: 'public',
    documented: false,
    tags: ['payment'],
    body: sandboxWebhook,
    status: 200,
    response: webhookResponse,
    requestHeaders: { 'X-Payment-Signature': 'Hex HMAC-SHA256 of the raw body with the webhook secret' },
    errors: { 400: 'Malformed body', 401: 'Missing or wrong signature' },
  },
  razorpayWebhook: {
    ...orderPaths.razorpayWebhook,
    summary: 'Razorpay webhook (payment_link.* events), verified with X-Razorpay-Signature',
    access: 'public',
    documented: false,
    tags: ['payment'],
    body: razorpayWebhook,
    status: 200,
    response: webhookResponse,
    requestHeaders: {
      'X-Razorpay-Signature': 'Hex HMAC-SHA256 of the raw body with the webhook secret',
      'X-Razorpay-Event-Id': 'The event id; a replayed event changes nothing',
    },
    errors: {
      400: 'Malformed body',
      401: 'Missing or wrong signature',
      404: 'Razorpay is not the configured provider',
    },
  },
} satisfies Record<string, ApiRoute>

export const orderRoutes: ApiRoute[] = Object.values(orderApi)
