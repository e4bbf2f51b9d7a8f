import { policy, site } from '../../site.ts'
import type { PolicyMessage } from './i18n.ts'
import type { PolicyPath } from './paths.ts'

/** A section: its heading and either a paragraph or a list, each a message of ./locales. */
export type PolicySection = { heading: PolicyMessage } & (
  | { paragraph: PolicyMessage }
  | { list: PolicyMessage[] }
  | { contact: true }
)

export interface Policy {
  title: PolicyMessage
  sections: PolicySection[]
}

const contact: PolicySection = { heading: 'contact.heading', contact: true }

/** The figures the texts state (spec section 9, from `policy` in site.ts), by the names they use. */
export const policyValues: Partial<Record<PolicyMessage, Record<string, string | number>>> = {
  'terms.prices.body': { currency: policy.currency },
  'cancellation.cancel.body': { hours: policy.cancellationWindowHours },
  'cancellation.returns.body': { days: policy.returnWindowDays },
  'cancellation.damaged.body': { hours: policy.damageReportHours },
  'cancellation.refunds.body': { days: policy.refundBusinessDays },
  'shipping.processing.body': { days: policy.processingBusinessDays },
  'shipping.times.standard': { days: policy.standardShippingBusinessDays },
  'shipping.times.express': { days: policy.expressShippingBusinessDays },
  'shipping.where.body': { currency: policy.currency },
  'contact.body': { email: site.email, phone: site.phone, name: site.name, address: site.address },
}

/** The four static policy pages. */
export const policies: Record<PolicyPath, Policy> = {
  '/privacy-policy': {
    title: 'privacy.title',
    sections: [
      { heading: 'privacy.collect.heading', paragraph: 'privacy.collect.body' },
      { heading: 'privacy.use.heading', paragraph: 'privacy.use.body' },
      { heading: 'privacy.choices.heading', paragraph: 'privacy.choices.body' },
      contact,
    ],
  },
  '/terms': {
    title: 'terms.title',
    sections: [
      { heading: 'terms.using.heading', paragraph: 'terms.using.body' },
      { heading: 'terms.prices.heading', paragraph: 'terms.prices.body' },
      { heading: 'terms.area.heading', paragraph: 'terms.area.body' },
      contact,
    ],
  },
  '/cancellation': {
    title: 'cancellation.title',
    sections: [
      { heading: 'cancellation.cancel.heading', paragraph: 'cancellation.cancel.body' },
      { heading: 'cancellation.returns.heading', paragraph: 'cancellation.returns.body' },
      { heading: 'cancellation.damaged.heading', paragraph: 'cancellation.damaged.body' },
      { heading: 'cancellation.refunds.heading', paragraph: 'cancellation.refunds.body' },
      contact,
    ],
  },
  '/shipping-delivery': {
    title: 'shipping.title',
    sections: [
      { heading: 'shipping.processing.heading', paragraph: 'shipping.processing.body' },
      { heading: 'shipping.times.heading', list: ['shipping.times.standard', 'shipping.times.express'] },
      { heading: 'shipping.where.heading', paragraph: 'shipping.where.body' },
      contact,
    ],
  },
}
