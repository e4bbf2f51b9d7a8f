import { z } from 'zod'
import { drugSchedule } from './fields'
import { LANGUAGES } from './languages'

/**
 * The integration events between services (routing key = type). Version 1 of each; a breaking change
 * gets a new version beside the old one, never an edit in place.
 */
export const orderStatus = z.enum(['pending', 'processing', 'shipped', 'delivered', 'cancelled'])

/** A refund's state: initiated (pending), then processed or failed at the payment provider. */
export const refundStatus = z.enum(['pending', 'processed', 'failed'])

export const eventSchemas = {
  'user.registered': z.object({
    userId: z.string(),
    userName: z.string(),
    email: z.string(),
    name: z.string(),
    /** The administrator's account (added later: events published before it have none, read as false). */
    isAdmin: z.boolean().optional(),
    /** The language the account chose at sign-up, if any (added later; none reads as English). */
    locale: z.enum(LANGUAGES).nullable().optional(),
  }),
  /** A customer chose the language they read the shop in: messaging writes their e-mails in it. */
  'user.locale_changed': z.object({
    userId: z.string(),
    locale: z.enum(LANGUAGES),
  }),
  /**
   * Sign-ins to an account have failed often enough to slow them down: its owner is told (messaging
   * e-mails them). `failures` within the identity service's window; `lastAddress` the latest one's client.
   */
  'user.sign_in_failures': z.object({
    userId: z.string(),
    failures: z.number().int(),
    lastAddress: z.string(),
  }),
  /** Someone asked for a 'forgot password' link: messaging e-mails it to the account's owner. */
  'user.password_reset_requested': z.object({
    userId: z.string(),
    resetUrl: z.string(),
    /** ISO date after which the link no longer works. */
    expiresAt: z.string(),
  }),
  /**
   * A product was created or edited (or announced again for a replica that starts empty). What its
   * consumers read: the cart name, price, image and schedule (X is not sold online); the order service
   * those and the category (the dashboard), MRP, HSN code and GST rate (an order line snapshots them);
   * review and messaging the name. The units in stock travel apart (product.stock_changed), to the cart
   * alone. Catalogues before 1 Dec 2026 also sent `stock` and `requiresPrescription`: consumers ignore
   * them (the schema strips them), so the consumers ship before the catalogue that stops sending them.
   */
  'product.upserted': z.object({
    productId: z.string(),
    name: z.string(),
    category: z.string(),
    /** Rupees as a number with at most 2 decimals. */
    price: z.number(),
    image: z.string(),
    /** OTC, H, H1 or X: every catalogue since the medicine facts sends it. */
    schedule: drugSchedule,
    /**
     * Maximum retail price, rupees (tax-inclusive like price). This and the next two came with the medicine
     * facts: events published before them have none (read as MRP = price, HSN 3004, GST 5).
     */
    mrp: z.number().optional(),
    hsnCode: z.string().optional(),
    /** GST included in the price, percent. */
    gstRate: z.number().int().optional(),
  }),
  /**
   * A product's units in stock changed (a reservation, a release, an expired lease, an edit), or the product
   * was announced: only the cart reads stock (it shows what is left). Reservations publish at most one per
   * product per STOCK_ANNOUNCE_MS; the catalogue stays the authority (it checks every reservation).
   */
  'product.stock_changed': z.object({ productId: z.string(), stock: z.number().int() }),
  'product.deleted': z.object({ productId: z.string() }),
  'category.deleted': z.object({ categoryId: z.string(), name: z.string() }),
  /** A service whose product replica is empty asks the catalogue to announce every product again. */
  'catalogue.resync_requested': z.object({ requestedBy: z.string() }),
  'order.created': z.object({
    orderId: z.string(),
    userId: z.string(),
    number: z.string(),
    status: orderStatus,
  }),
  'order.status_changed': z.object({
    orderId: z.string(),
    userId: z.string(),
    number: z.string(),
    status: orderStatus,
  }),
  'order.item_status_changed': z.object({
    orderId: z.string(),
    userId: z.string(),
    number: z.string(),
    itemId: z.string(),
    productId: z.string(),
    status: orderStatus,
  }),
  /**
   * A refund of a paid online order was initiated, processed or failed. The order service consumes its own
   * `pending` ones to make the refund at the provider (a job the outbox keeps across restarts); messaging
   * tells the customer.
   */
  'order.refund_changed': z.object({
    orderId: z.string(),
    userId: z.string(),
    number: z.string(),
    refundId: z.string(),
    /** The cancelled item refunded; null for the order's refund. */
    itemId: z.string().nullable(),
    /** Rupees. */
    amount: z.number(),
    status: refundStatus,
  }),
  /**
   * An order holding Schedule H/H1 lines was placed (or its prescription attached again): the prescription
   * service puts it in the pharmacist's queue. Published by the order service beside order.created.
   */
  'order.prescription_submitted': z.object({
    orderId: z.string(),
    userId: z.string(),
    number: z.string(),
    /** The name the order ships to. */
    customerName: z.string(),
    prescriptionId: z.string(),
    /** ISO time of placing. */
    placedAt: z.string(),
    /** The lines that need the prescription. */
    lines: z.array(
      z.object({
        itemId: z.string(),
        productId: z.string(),
        name: z.string(),
        schedule: drugSchedule,
        quantity: z.number().int(),
      }),
    ),
  }),
  /** A customer uploaded a prescription: the order service may accept it on an order of theirs. */
  'prescription.uploaded': z.object({
    prescriptionId: z.string(),
    userId: z.string(),
    uploadedAt: z.string(),
  }),
  /** A customer deleted a prescription: it may no longer be attached to an order. */
  'prescription.deleted': z.object({ prescriptionId: z.string(), userId: z.string() }),
  /** A pharmacist approved an order's prescription: the order may proceed; messaging tells the customer. */
  'prescription.approved': z.object({
    orderId: z.string(),
    userId: z.string(),
    number: z.string(),
    prescriptionId: z.string(),
    pharmacistId: z.string(),
    pharmacistName: z.string(),
    doctorName: z.string(),
    doctorRegistration: z.string(),
    patientName: z.string(),
    /** The prescription's date, YYYY-MM-DD. */
    issuedOn: z.string(),
    /** The last day (YYYY-MM-DD) it may be attached to a new order (the validity period from issuedOn). */
    validUntil: z.string(),
    /** ISO time. */
    approvedAt: z.string(),
  }),
  /**
   * A pharmacist rejected an order's prescription: the order shows the reason, the customer is told and may
   * attach another until `reattachBy` (ISO), after which the order service cancels the order.
   */
  'prescription.rejected': z.object({
    orderId: z.string(),
    userId: z.string(),
    number: z.string(),
    prescriptionId: z.string(),
    reason: z.string(),
    rejectedAt: z.string(),
    reattachBy: z.string(),
  }),
  /** The customer attached another prescription to a rejected order: it waits for a pharmacist again. */
  'prescription.attached': z.object({
    orderId: z.string(),
    userId: z.string(),
    number: z.string(),
    prescriptionId: z.string(),
    attachedAt: z.string(),
  }),
} as const

export type EventType = keyof typeof eventSchemas

/**
 * The versions of each event that may be on the bus (the envelope's `version`; `eventSchemas` is
 * version 1). Its producer stamps the newest (`publishedVersion`, used by the kit's `createEvent`).
 * Evolving an event without stopping the shop: an additive change (a new optional field) keeps its
 * version; a breaking one first teaches every consumer the new version beside the old
 * (`on(type, handle, { versions: [1, 2] })`) and ships them, then adds 2 here, which switches the
 * producer (the contract test refuses the addition while a consumer does not understand 2); version 1
 * leaves this list once no version-1 event waits in a queue. A consumer parks a version it does not know.
 */
export const eventVersions: Record<EventType, readonly number[]> = {
  'user.registered': [1],
  'user.sign_in_failures': [1],
  'user.password_reset_requested': [1],
  'user.locale_changed': [1],
  'product.upserted': [1],
  'product.stock_changed': [1],
  'product.deleted': [1],
  'category.deleted': [1],
  'catalogue.resync_requested': [1],
  'order.created': [1],
  'order.status_changed': [1],
  'order.item_status_changed': [1],
  'order.refund_changed': [1],
  'order.prescription_submitted': [1],
  'prescription.uploaded': [1],
  'prescription.deleted': [1],
  'prescription.approved': [1],
  'prescription.rejected': [1],
  'prescription.attached': [1],
}

/** The version a producer stamps on a new event of this type: the newest that may be on the bus. */
export const publishedVersion = (type: EventType): number => Math.max(...eventVersions[type])

export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>

/** Checks an incoming event's data against its contract; a mismatch throws (the consumer retries, then parks it). */
export function parseEventData<T extends EventType>(type: T, data: unknown): EventData<T> {
  return eventSchemas[type].parse(data) as EventData<T>
}
