import type { PaymentProvider } from './provider'
import { RazorpayPayments } from './razorpay'
import { SandboxPayments } from './sandbox'

export type PaymentSettings = {
  PAYMENT_PROVIDER: 'sandbox' | 'razorpay'
  RAZORPAY_BASE_URL: string
  RAZORPAY_KEY_ID?: string
  RAZORPAY_KEY_SECRET?: string
  RAZORPAY_WEBHOOK_SECRET?: string
}

/**
 * The configured provider: it makes the links of new online orders, and only its webhooks (and, for the
 * sandbox, its page) are served. Configuration is validated at start-up (production refuses the sandbox
 * unless told it is a demo, and Razorpay's test keys).
 */
export function paymentProviders(config: PaymentSettings, webhookSecret: string) {
  const active: PaymentProvider =
    config.PAYMENT_PROVIDER === 'razorpay'
      ? new RazorpayPayments({
          baseUrl: config.RAZORPAY_BASE_URL,
          keyId: config.RAZORPAY_KEY_ID!,
          keySecret: config.RAZORPAY_KEY_SECRET!,
          webhookSecret: config.RAZORPAY_WEBHOOK_SECRET!,
        })
      : new SandboxPayments(webhookSecret)
  return {
    active,
    sandbox: active instanceof SandboxPayments ? active : undefined,
    razorpay: active instanceof RazorpayPayments ? active : undefined,
    /** The provider that made an order's link (for its refunds and link calls), when it is the configured one. */
    byName: (name: string | null): PaymentProvider | undefined => (name === active.name ? active : undefined),
  }
}
export type PaymentProviders = ReturnType<typeof paymentProviders>
