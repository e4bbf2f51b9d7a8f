/**
 * A medicine's schedule under the Drugs and Cosmetics Rules: OTC (over the counter), H and H1 (only against
 * a prescription a pharmacist has checked), X (never sold online). The one definition: the product field,
 * the order line and the events use it (their validator: `drugSchedule` in ./fields). Free of zod: the
 * storefront's first render reads it.
 */
export const DRUG_SCHEDULES = ['OTC', 'H', 'H1', 'X'] as const
export type DrugSchedule = (typeof DRUG_SCHEDULES)[number]

/** The schedules an order may hold only with a prescription. */
export const PRESCRIPTION_SCHEDULES: readonly DrugSchedule[] = ['H', 'H1']
export const needsPrescription = (schedule: DrugSchedule) => PRESCRIPTION_SCHEDULES.includes(schedule)

/** The message (code `not_sold_online`) of a cart or order holding a Schedule X medicine. */
export const NOT_SOLD_ONLINE = 'This medicine is not sold online'
