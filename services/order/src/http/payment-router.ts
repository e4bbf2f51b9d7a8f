import { randomBytes } from 'node:crypto'
import { paymentPageParams } from '@medstore/contracts/order'
import { badRequest, HttpError, notFound, parseInput } from '@medstore/service-kit'
import { type Request, type Response, Router } from 'express'
import { type PaymentProvider, WebhookRejectedError } from '../payment/provider'
import type { paymentUseCases } from '../use-cases/payments'
import { renderSandboxPage } from './payment-page'

type Payments = ReturnType<typeof paymentUseCases>

/** Webhooks are signed over the exact bytes received; the kit's JSON parser keeps them on req.rawBody. */
function rawBody(req: Request): Buffer {
  if (!req.rawBody) throw badRequest('Send the webhook as application/json')
  return req.rawBody
}

/** The sandbox payment page and the payment webhooks, under the gateway's /order family. Public by design. */
export function paymentRouter(
  payments: Payments,
  providers: { sandbox: PaymentProvider; razorpay?: PaymentProvider },
) {
  const router = Router()

  const webhook = (verifier: PaymentProvider | undefined) => async (req: Request, res: Response) => {
    if (!verifier) throw notFound('This payment provider is not configured')
    try {
      const notification = verifier.verifyWebhook(rawBody(req), req.headers)
      res.json({ received: true, result: await payments.applyNotification(notification) })
    } catch (err) {
      if (err instanceof WebhookRejectedError) throw new HttpError(err.status, err.message)
      throw err
    }
  }
  router.post('/order/payment/webhook', webhook(providers.sandbox))
  router.post('/order/payment/razorpay/webhook', webhook(providers.razorpay))

  router.get('/order/payment/:orderId', async (req, res) => {
    const { orderId } = parseInput(paymentPageParams, req.params)
    const page = await payments.sandboxPage(orderId)
    if (!page) throw notFound('There is no sandbox payment for this order')
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
