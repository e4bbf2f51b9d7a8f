import { z } from 'zod'
import type { ApiRoute } from './api'
import { pinCode, requiredText } from './fields'
import { deliveryPaths } from './route-paths'

/** The shipping policy's speeds: business days from dispatch (standard 5–7, express 2–4 for the metros). */
export const deliverySpeed = z.enum(['standard', 'express'])
export type DeliverySpeed = z.infer<typeof deliverySpeed>

/** The most PIN prefixes each list of the delivery settings holds, and the most holidays. */
export const DELIVERY_PREFIXES_MAX = 200
export const DELIVERY_HOLIDAYS_MAX = 60

export const deliveryEstimateQuery = z.object({ pincode: pinCode('pincode') })

const isoDay = z.string().meta({ description: 'YYYY-MM-DD (a day in India)' })

export const deliveryEstimate = z.object({
  pincode: z.string(),
  /** The India Post district of the PIN code (e.g. 'Mumbai', 'Ernakulam'): what checkout fills in as the city. */
  city: z.string(),
  state: z.string(),
  /** false: we do not deliver there (the dates below are then null). */
  served: z.boolean(),
  speed: deliverySpeed.nullable(),
  /** The business day an order placed now goes to the courier. */
  dispatchDate: isoDay.nullable(),
  /** The earliest delivery day. */
  earliestDate: isoDay.nullable(),
  /** The promise: 'Delivery by' this day (the policy's later bound), what an order placed now records. */
  deliveryBy: isoDay.nullable(),
  /** Orders after this time of day in India (HH:MM) are dispatched the next business day. */
  cutoffTime: z.string(),
})
export type DeliveryEstimate = z.infer<typeof deliveryEstimate>

const pinPrefix = z
  .string({ error: 'Each PIN prefix must be text' })
  .trim()
  .regex(/^[1-9]\d{0,5}$/, 'Each entry must be a PIN code or its first 1 to 6 digits (not starting with 0)')

/** A list of PIN prefixes: duplicates dropped, sorted, bounded. */
const pinPrefixes = (label: string) =>
  z
    .array(pinPrefix, { error: `${label} must be a list of PIN prefixes` })
    .max(DELIVERY_PREFIXES_MAX, `${label} can hold at most ${DELIVERY_PREFIXES_MAX} entries`)
    .transform((list) => [...new Set(list)].sort())

const realDay = z
  .string({ error: 'A holiday needs a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A holiday date must be YYYY-MM-DD')
  .refine((v) => {
    const t = Date.parse(`${v}T00:00:00Z`)
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v)
  }, 'A holiday date must be a real day')

export const deliveryHoliday = z.object({ date: realDay, name: requiredText('Holiday name', 60) })

/** What the administrator decides about delivery (the back-office's Delivery panel). */
export const deliverySettings = z.object({
  /** PIN codes or prefixes we do not deliver to; every other PIN code India Post lists is served. */
  unservedPrefixes: pinPrefixes('Unserved PIN codes'),
  /** PIN codes or prefixes served by express (2–4 business days); the rest get standard (5–7). */
  expressPrefixes: pinPrefixes('Express PIN codes'),
  /** Orders after this time of day in India are dispatched the next business day. */
  cutoffTime: z
    .string({ error: 'Cut-off time is required' })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Cut-off time must be HH:MM (24-hour, India time)'),
  /** Days without deliveries besides Sundays, in date order. */
  holidays: z
    .array(deliveryHoliday, { error: 'Holidays must be a list' })
    .max(DELIVERY_HOLIDAYS_MAX, `At most ${DELIVERY_HOLIDAYS_MAX} holidays`)
    .refine(
      (list) => new Set(list.map((h) => h.date)).size === list.length,
      'Each holiday date may appear once',
    )
    .transform((list) => [...list].sort((a, b) => a.date.localeCompare(b.date))),
})
export type DeliverySettings = z.infer<typeof deliverySettings>
export type DeliverySettingsInput = z.input<typeof deliverySettings>

export const deliveryApi = {
  estimate: {
    ...deliveryPaths.estimate,
    summary:
      "Whether and when we deliver to a PIN code: its city and state (India Post's directory), served or not, express or standard, and 'Delivery by' for an order placed now",
    access: 'public',
    documented: false,
    tags: ['delivery'],
    query: deliveryEstimateQuery,
    status: 200,
    response: deliveryEstimate,
    errors: {
      400: 'pincode missing or not 6 digits',
      404: 'India Post does not list this PIN code (code pincode_unknown)',
    },
    errorCodes: { 404: ['pincode_unknown'] },
  },
  settings: {
    ...deliveryPaths.settings,
    summary: 'The delivery settings: unserved and express PIN prefixes, the cut-off time, the holidays',
    access: 'admin',
    documented: false,
    tags: ['delivery'],
    status: 200,
    response: deliverySettings,
    errors: {},
  },
  updateSettings: {
    ...deliveryPaths.updateSettings,
    summary: 'Replace the delivery settings; estimates and new orders follow them at once',
    access: 'admin',
    documented: false,
    tags: ['delivery'],
    body: deliverySettings,
    status: 200,
    response: deliverySettings,
    errors: { 400: 'A prefix, the cut-off time or a holiday breaks its rule (each names its field)' },
  },
} satisfies Record<string, ApiRoute>

export const deliveryRoutes: ApiRoute[] = Object.values(deliveryApi)
