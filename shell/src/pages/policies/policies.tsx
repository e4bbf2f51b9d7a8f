import type { ReactNode } from 'react'
import { policy, site } from '../../site.ts'
import type { PolicyPath } from './paths.ts'

export interface PolicySection {
  heading: string
  body: ReactNode
}

export interface Policy {
  title: string
  sections: PolicySection[]
}

const contact: PolicySection = {
  heading: 'Contact us',
  body: (
    <p>
      E-mail <a href={`mailto:${site.email}`}>{site.email}</a>, call <a href={site.phoneHref}>{site.phone}</a>
      , or write to {site.name}, {site.address}.
    </p>
  ),
}

/** The four static policy pages (spec section 9 figures, from `policy` in site.ts). */
export const policies: Record<PolicyPath, Policy> = {
  '/privacy-policy': {
    title: 'Privacy Policy',
    sections: [
      {
        heading: 'What we collect',
        body: (
          <p>
            Your name, user name, e-mail address and phone number when you register; the shipping details and
            items of your orders; the reviews and messages you send us.
          </p>
        ),
      },
      {
        heading: 'How we use it',
        body: (
          <p>
            Only to run your account, deliver and support your orders, and answer your requests. We do not
            sell your personal data. Payments are processed by our payment partner; we never see or store your
            card details.
          </p>
        ),
      },
      {
        heading: 'Your choices',
        body: (
          <p>
            You may ask us for a copy of your data, to correct it, or to delete your account, using the
            contact details below.
          </p>
        ),
      },
      contact,
    ],
  },
  '/terms': {
    title: 'Terms and Conditions',
    sections: [
      {
        heading: 'Using Medicine Store',
        body: (
          <p>
            By placing an order you confirm that the details you give are correct and that you may lawfully
            buy the products ordered. Prescription medicines are supplied only against a valid prescription.
          </p>
        ),
      },
      {
        heading: 'Prices and payment',
        body: (
          <p>
            All prices are in Indian rupees ({policy.currency}) and include applicable taxes. Delivery is free
            on every order. You can pay cash on delivery or online.
          </p>
        ),
      },
      {
        heading: 'Delivery area',
        body: <p>We ship within {policy.shippingRegion} only.</p>,
      },
      contact,
    ],
  },
  '/cancellation': {
    title: 'Cancellation and Refund Policy',
    sections: [
      {
        heading: 'Cancelling an order',
        body: (
          <p>
            You can cancel an order within {policy.cancellationWindowHours} hours of placing it, as long as it
            has not been dispatched.
          </p>
        ),
      },
      {
        heading: 'Returns',
        body: (
          <p>
            Items can be returned within {policy.returnWindowDays} days of delivery if they are unused and
            unopened, in their original packaging.
          </p>
        ),
      },
      {
        heading: 'Damaged or wrong items',
        body: (
          <p>
            Please report a damaged or wrong item within {policy.damageReportHours} hours of delivery, with a
            photo, and we will replace it or refund you.
          </p>
        ),
      },
      {
        heading: 'Refunds',
        body: (
          <p>
            Approved refunds reach your original payment method within {policy.refundBusinessDays} business
            days.
          </p>
        ),
      },
      contact,
    ],
  },
  '/shipping-delivery': {
    title: 'Shipping and Delivery Policy',
    sections: [
      {
        heading: 'Processing',
        body: <p>Orders are processed within {policy.processingBusinessDays} business days.</p>,
      },
      {
        heading: 'Delivery times',
        body: (
          <ul>
            <li>Standard shipping: {policy.standardShippingBusinessDays} business days.</li>
            <li>Express shipping: {policy.expressShippingBusinessDays} business days.</li>
          </ul>
        ),
      },
      {
        heading: 'Where we deliver',
        body: (
          <p>
            We ship within {policy.shippingRegion} only. Delivery is free for every order; prices are in{' '}
            {policy.currency}.
          </p>
        ),
      },
      contact,
    ],
  },
}
