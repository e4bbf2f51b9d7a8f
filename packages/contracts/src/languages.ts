/**
 * The languages the shop speaks: the front ends' catalogues, a customer's choice kept by the identity
 * service, and the e-mails the messaging service writes. Plain data (no zod), so a first render can read it.
 */
export const LANGUAGES = ['en', 'hi'] as const
export type Language = (typeof LANGUAGES)[number]

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
