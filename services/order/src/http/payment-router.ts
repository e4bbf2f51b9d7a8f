import { randomBytes } from 'node:crypto'
import { orderApi } from '@medstore/contracts/order'
import { type AuthMiddleware, apiRouter, Invalid, NotFound, parseInput } from '@medstore/service-kit'
import type { Request } from 'express'
import type { PaymentProviders } from '../payment'
import type { PaymentProvider } from '../payment/provider'
import { SANDBOX_RETURN_PARAM } from '../payment/sandbox'
import type { PaymentUseCases } from '../use-cases/payments'
import { renderSandboxPage } from './payment-page'

/** Webhooks are signed over the exact bytes received; the kit's JSON parser keeps them on req.rawBody. */
function rawBody(req: Request): Buffer {
  if (!req.rawBody) throw new Invalid('Send the webhook as application/json')
  return req.rawBody
}

/**
 * The configured provider's webhook and, for the sandbox, its payment page, under the gateway's /order
 * family. Public by design. The other provider's routes are not served at all: with Razorpay configured,
 * nothing answers the sandbox's pre-signed "paid".
 */
export function paymentRouter(auth: AuthMiddleware, payments: PaymentUseCases, providers: PaymentProviders) {
  const webhook =
    (verifier: PaymentProvider) =>
    async ({ req }: { req: Request }) => {
      const notification = verifier.verifyWebhook(rawBody(req), req.headers)
      return { received: true, result: await payments.applyNotification(notification) }
    }
  // The provider checks the signature over the raw bytes, then reads the body.
  const api = apiRouter(auth)
  if (providers.razorpay)
    return api.route(orderApi.razorpayWebhook, webhook(providers.razorpay), { rawBody: true }).router
  if (!providers.sandbox) return api.router
  const { router } = api.route(orderApi.sandboxWebhook, webhook(providers.sandbox), { rawBody: true })

  // An HTML page, not JSON: plain express, with the descriptor's parameter schema.
  router.get('/order/payment/:orderId', async (req, res) => {
    const { orderId } = parseInput(orderApi.paymentPage.params, req.params)
    const shop = req.query[SANDBOX_RETURN_PARAM]
    const page = await payments.sandboxPage(orderId, typeof shop === 'string' ? shop : undefined)
    if (!page) throw new NotFound('There is no sandbox payment for this order')
    const nonce = randomBytes(16).toString('base64')
    res
      .status(200)
      .set({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      })
      .send(renderSandboxPage(page, nonce))
  })
  return router
}
