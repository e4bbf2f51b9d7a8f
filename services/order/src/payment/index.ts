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
 * The configured provider for new online orders, plus the sandbox (always able to verify its own signed
 * webhooks and serve its page for orders it made). Configuration is validated at start-up.
 */
export function paymentProviders(config: PaymentSettings, webhookSecret: string) {
  const sandbox = new SandboxPayments(webhookSecret)
  const razorpay =
    config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET
      ? new RazorpayPayments({
          baseUrl: config.RAZORPAY_BASE_URL,
          keyId: config.RAZORPAY_KEY_ID,
          keySecret: config.RAZORPAY_KEY_SECRET,
          webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
        })
      : undefined
  const active: PaymentProvider = config.PAYMENT_PROVIDER === 'razorpay' && razorpay ? razorpay : sandbox
  return { active, sandbox, razorpay }
}
export type PaymentProviders = ReturnType<typeof paymentProviders>
