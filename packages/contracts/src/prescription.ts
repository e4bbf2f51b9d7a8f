import { z } from 'zod'
import { type ApiRoute, listHeaders, pagingQuery } from './api'
import { drugSchedule, requiredText } from './fields'
import { prescriptionPaths } from './route-paths'

/**
 * Prescriptions (Schedules H and H1 of the Drugs and Cosmetics Rules): a customer uploads one (one or more
 * pages), attaches it to an order holding H or H1 medicines, and a pharmacist approves or rejects the order's
 * prescription. The files are private health data: only their owner and administrators read them, through
 * authenticated routes answered with `Cache-Control: no-store`; every administrator's view is logged.
 */

export { type DrugSchedule, NOT_SOLD_ONLINE, PRESCRIPTION_SCHEDULES } from './schedule'
export { drugSchedule }

/** Each page of an upload: JPEG, PNG, WebP or PDF, recognised by its bytes, at most this size. */
export const PRESCRIPTION_FILE_MAX_BYTES = 10 * 1024 * 1024
/** At most this many pages (files) in one prescription. */
export const PRESCRIPTION_PAGES_MAX = 5
/** The multipart form field holding the pages (repeat it once per page). */
export const PRESCRIPTION_FILE_FIELD = 'pages'

/** The text fields of the upload form: none (the pages are files); the typed client sends FormData. */
export const uploadPrescriptionForm = z.object({})

/** A prescription's own state: waiting for a pharmacist, approved (reusable until `validUntil`), rejected. */
export const prescriptionState = z.enum(['awaiting_review', 'approved', 'rejected'])
export type PrescriptionState = z.infer<typeof prescriptionState>

/** An order's prescription state, beside its status: it cannot go past pending until `approved`. */
export const orderPrescriptionStatus = z.enum(['awaiting_verification', 'approved', 'rejected'])
export type OrderPrescriptionStatus = z.infer<typeof orderPrescriptionStatus>

const id = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .uuid(`${label} is not a valid id`)

/** A prescription's id, as a path parameter or a field. */
export const prescriptionId = id('Prescription')
export const prescriptionParams = z.object({ id: prescriptionId })
export const prescriptionPageParams = prescriptionParams.extend({
  page: z.coerce
    .number({ error: 'page must be a page number' })
    .int('page must be a page number')
    .min(1, 'page must be a page number')
    .max(PRESCRIPTION_PAGES_MAX, 'page must be a page number'),
})
export const orderVerificationParams = z.object({
  orderId: z.string({ error: 'orderId is required' }).trim().min(1, 'orderId is required').max(100),
})

/** A calendar day, YYYY-MM-DD. */
const day = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} must be a real day`)

/** One page of a prescription (its bytes at `GET /prescription/{id}/page/{number}`). */
export const prescriptionPage = z.object({
  number: z.number().int().min(1),
  /** image/jpeg, image/png, image/webp or application/pdf (from the bytes, never from the upload's claim). */
  contentType: z.string(),
  /** Bytes as stored (images re-encoded without their metadata). */
  size: z.number().int(),
})

/** A prescription as its owner and administrators see it. */
export const prescription = z.object({
  id: z.string(),
  userId: z.string(),
  state: prescriptionState,
  pages: z.array(prescriptionPage),
  /** ISO time of the upload. */
  uploadedAt: z.string(),
  /** ISO time of the pharmacist's decision; null while awaiting review. */
  reviewedAt: z.string().nullable(),
  /** Why it was rejected; null unless rejected. */
  rejectionReason: z.string().nullable(),
  /** What the pharmacist read from it on approval (null before). */
  doctorName: z.string().nullable(),
  doctorRegistration: z.string().nullable(),
  patientName: z.string().nullable(),
  /** The prescription's own date (YYYY-MM-DD), as the pharmacist read it. */
  issuedOn: z.string().nullable(),
  /** Approved: the last day (YYYY-MM-DD) it may be attached to a new order; null otherwise. */
  validUntil: z.string().nullable(),
  /** It may be attached to a new order now (awaiting review, or approved and still valid). */
  usable: z.boolean(),
  /** Numbers of the open (not delivered, not cancelled) orders it is attached to; deletable when empty. */
  openOrders: z.array(z.string()),
})
export type Prescription = z.infer<typeof prescription>

/** An order line that needs the prescription (H or H1), as the pharmacist checks it. */
export const prescriptionLine = z.object({
  itemId: z.string(),
  productId: z.string(),
  name: z.string(),
  schedule: drugSchedule,
  quantity: z.number().int(),
})
export type PrescriptionLine = z.infer<typeof prescriptionLine>

/** An order's prescription check: one row of the pharmacist's queue. */
export const orderVerification = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  userId: z.string(),
  /** The name the order ships to. */
  customerName: z.string(),
  /** ISO time the order was placed (or its prescription last attached). */
  submittedAt: z.string(),
  /** Whole minutes since `submittedAt` (for the queue's "waiting" column). */
  waitingMinutes: z.number().int(),
  status: orderPrescriptionStatus,
  /** Rejected: why, and until when (ISO) the customer may attach another prescription. */
  reason: z.string().nullable(),
  reattachBy: z.string().nullable(),
  prescription: prescription,
  /** The order's H and H1 lines. */
  lines: z.array(prescriptionLine),
})
export type OrderVerification = z.infer<typeof orderVerification>

/** Body of the approval: what the pharmacist read from the prescription (the pharmacist is the caller). */
export const approvePrescriptionRequest = z.object({
  doctorName: requiredText("Doctor's name", 100),
  doctorRegistration: requiredText("Doctor's registration number", 40),
  patientName: requiredText("Patient's name", 100),
  issuedOn: day('Prescription date'),
})
export type ApprovePrescriptionRequest = z.input<typeof approvePrescriptionRequest>

export const rejectPrescriptionRequest = z.object({ reason: requiredText('Reason', 500) })
export type RejectPrescriptionRequest = z.input<typeof rejectPrescriptionRequest>

/** Body of `POST /prescription/{id}/attach`: the order (rejected, within its grace period) to attach it to. */
export const attachPrescriptionRequest = z.object({
  orderId: z.string({ error: 'orderId is required' }).trim().min(1, 'orderId is required').max(100),
})

/** One administrator's view of a prescription file. */
export const accessLogEntry = z.object({
  id: z.string(),
  /** ISO time of the view. */
  at: z.string(),
  adminId: z.string(),
  adminName: z.string(),
  prescriptionId: z.string(),
  page: z.number().int(),
  /** The prescription's owner. */
  customerId: z.string(),
})
export type AccessLogEntry = z.infer<typeof accessLogEntry>

/** One H1 line dispensed (shipped): the dispensing register, kept at least three years, never deleted. */
export const registerEntry = z.object({
  id: z.string(),
  /** ISO time the line was shipped. */
  dispensedAt: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  patientName: z.string(),
  prescriberName: z.string(),
  prescriberRegistration: z.string(),
  medicine: z.string(),
  productId: z.string(),
  quantity: z.number().int(),
  prescriptionId: z.string(),
})
export type RegisterEntry = z.infer<typeof registerEntry>

/** The longest range one CSV export covers (an inspector asks for a year at most at a time). */
export const REGISTER_CSV_MAX_DAYS = 366
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000

/** Days are India's calendar days; both ends included; `from` ≤ `to`, at most a year apart. */
export const registerRange = z
  .object({ from: day('from'), to: day('to') })
  .refine((r) => r.from <= r.to, { message: 'from must not be after to', path: ['from'] })
  .refine((r) => daysBetween(r.from, r.to) < REGISTER_CSV_MAX_DAYS, {
    message: `The range can be at most ${REGISTER_CSV_MAX_DAYS} days`,
    path: ['to'],
  })
export const registerQuery = z
  .object({ from: day('from'), to: day('to'), ...pagingQuery.shape })
  .refine((r) => r.from <= r.to, { message: 'from must not be after to', path: ['from'] })

const owned = {
  401: 'not signed in',
  404: "no such prescription (or not yours: another customer's answers the same)",
}

/** The prescription service's public API. */
export const prescriptionApi = {
  upload: {
    ...prescriptionPaths.upload,
    summary: `Upload a prescription: multipart, field \`${PRESCRIPTION_FILE_FIELD}\` once per page (1–${PRESCRIPTION_PAGES_MAX}; JPEG, PNG, WebP or PDF, ≤ 10 MB each; image metadata is removed)`,
    access: 'user',
    documented: false,
    tags: ['prescription'],
    multipart: true,
    body: uploadPrescriptionForm,
    status: 201,
    response: prescription,
    errors: {
      400: 'no file, or more than 5',
      401: 'not signed in',
      413: 'a file over 10 MB',
      415: 'a file that is not JPEG, PNG, WebP or PDF by its bytes (an SVG, a polyglot, a renamed file)',
    },
  },
  mine: {
    ...prescriptionPaths.mine,
    summary: "The caller's prescriptions, newest first (paged)",
    access: 'user',
    documented: false,
    tags: ['prescription'],
    query: pagingQuery,
    response: z.array(prescription),
    responseHeaders: listHeaders('prescriptions'),
    errors: { 400: 'invalid page or limit', 401: 'not signed in' },
  },
  byId: {
    ...prescriptionPaths.byId,
    summary: 'One prescription (its owner or an administrator)',
    access: 'user',
    documented: false,
    tags: ['prescription'],
    params: prescriptionParams,
    response: prescription,
    errors: { 400: 'not a prescription id', ...owned },
  },
  file: {
    ...prescriptionPaths.file,
    summary:
      "A page's file (its owner or an administrator; an administrator's view is logged). Cache-Control: no-store",
    access: 'user',
    documented: false,
    tags: ['prescription'],
    params: prescriptionPageParams,
    mediaType: 'application/octet-stream',
    responseHeaders: { 'Cache-Control': 'no-store: never kept by a browser or proxy' },
    errors: {
      400: 'not a prescription id or page number',
      404: 'no such prescription or page',
      401: owned[401],
    },
  },
  remove: {
    ...prescriptionPaths.remove,
    summary: 'Delete your prescription (refused while it is attached to an open order)',
    access: 'user',
    documented: false,
    tags: ['prescription'],
    params: prescriptionParams,
    response: z.object({ id: z.string() }),
    errors: {
      400: 'not a prescription id',
      ...owned,
      409: 'attached to an open order (code prescription_in_use)',
    },
    errorCodes: { 409: ['prescription_in_use'] },
  },
  attach: {
    ...prescriptionPaths.attach,
    summary:
      'Attach your prescription to your order whose prescription was rejected (within the grace period); the order waits for a pharmacist again',
    access: 'user',
    documented: false,
    tags: ['prescription'],
    params: prescriptionParams,
    body: attachPrescriptionRequest,
    response: orderVerification,
    errors: {
      400: 'not a prescription id, or no orderId',
      ...owned,
      409: 'the order is not waiting for another prescription (not rejected, or its grace period is over)',
      422: 'the prescription was rejected or has expired (code prescription_not_usable)',
    },
    errorCodes: { 422: ['prescription_not_usable'] },
  },
  queue: {
    ...prescriptionPaths.queue,
    summary: 'Orders awaiting prescription verification, oldest first, with how long each has waited (paged)',
    access: 'admin',
    documented: false,
    tags: ['prescription'],
    query: pagingQuery,
    response: z.array(orderVerification),
    responseHeaders: listHeaders('orders awaiting verification'),
    errors: { 400: 'invalid page or limit' },
  },
  verification: {
    ...prescriptionPaths.verification,
    summary: "One order's prescription check (any state)",
    access: 'admin',
    documented: false,
    tags: ['prescription'],
    params: orderVerificationParams,
    response: orderVerification,
    errors: { 400: 'orderId missing', 404: 'no order with a prescription by that id' },
  },
  approve: {
    ...prescriptionPaths.approve,
    summary:
      "Approve an order's prescription: the pharmacist (the caller), the time, the doctor, their registration number, the patient and the prescription's date are recorded; the order proceeds",
    access: 'admin',
    documented: false,
    tags: ['prescription'],
    params: orderVerificationParams,
    body: approvePrescriptionRequest,
    response: orderVerification,
    errors: {
      400: 'a missing field, or a prescription date in the future',
      404: 'no order with a prescription by that id',
      409: 'already decided, or the order was cancelled',
      422: 'the prescription date is older than the validity period (code prescription_not_usable)',
    },
    errorCodes: { 422: ['prescription_not_usable'] },
  },
  reject: {
    ...prescriptionPaths.reject,
    summary:
      "Reject an order's prescription with a reason: the customer is told and may attach another within the grace period, after which the order is cancelled",
    access: 'admin',
    documented: false,
    tags: ['prescription'],
    params: orderVerificationParams,
    body: rejectPrescriptionRequest,
    response: orderVerification,
    errors: {
      400: 'no reason',
      404: 'no order with a prescription by that id',
      409: 'already decided, or the order was cancelled',
    },
  },
  accessLog: {
    ...prescriptionPaths.accessLog,
    summary: "Administrators' views of prescription files, newest first (paged)",
    access: 'admin',
    documented: false,
    tags: ['prescription'],
    query: pagingQuery,
    response: z.array(accessLogEntry),
    responseHeaders: listHeaders('views'),
    errors: { 400: 'invalid page or limit' },
  },
  register: {
    ...prescriptionPaths.register,
    summary: 'The dispensing register (H1 lines shipped) between two days (India time), oldest first (paged)',
    access: 'admin',
    documented: false,
    tags: ['prescription'],
    query: registerQuery,
    response: z.array(registerEntry),
    responseHeaders: listHeaders('register entries'),
    errors: { 400: 'from or to missing or not a day, from after to, invalid page or limit' },
  },
  registerCsv: {
    ...prescriptionPaths.registerCsv,
    summary: 'The dispensing register between two days as CSV (for an inspector; every row of the range)',
    access: 'admin',
    documented: false,
    tags: ['prescription'],
    query: registerRange,
    mediaType: 'text/csv',
    errors: { 400: 'from or to missing or not a day, from after to, or more than 366 days' },
  },
} satisfies Record<string, ApiRoute>

export const prescriptionRoutes: ApiRoute[] = Object.values(prescriptionApi)
