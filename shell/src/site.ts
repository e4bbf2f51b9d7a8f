/**
 * The storefront's copy and constants (spec sections 1, 2 and 9). The spec withholds the real contact
 * details; these are the shop's published placeholders, kept in one place.
 */
export const site = {
  name: 'Medicine Store',
  phone: '+91 98765 43210',
  phoneHref: 'tel:+919876543210',
  email: 'support@medicinestore.in',
  address: '12 MG Road, Bengaluru, Karnataka 560001, India',
  /** The external chat the header's chat button opens (WhatsApp on the shop's number). */
  chatUrl: 'https://wa.me/919876543210',
  tagline: 'Ayurveda is the science of life.',
} as const

/** Spec section 9: the policy figures the four policy pages state. */
export const policy = {
  cancellationWindowHours: 24,
  returnWindowDays: 7,
  refundBusinessDays: '7–10',
  damageReportHours: 48,
  processingBusinessDays: '1–2',
  standardShippingBusinessDays: '5–7',
  expressShippingBusinessDays: '2–4',
  shippingRegion: 'India',
  currency: 'INR',
} as const

/** The header turns fixed after scrolling more than this many pixels. */
export const FIXED_HEADER_AFTER_PX = 100
