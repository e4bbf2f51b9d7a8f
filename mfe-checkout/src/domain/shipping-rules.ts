/**
 * The checkout form checked by the server's own rules (the contract's zod schema). Loaded with `import()`
 * when an order is sent, so zod (about 25 KB gzipped) stays off the checkout page's first render.
 */

import type { ShippingInfo } from '@medstore/contracts/order'
import { shippingInfo } from '@medstore/contracts/order'
import { problemOf } from '@medstore/contracts/problems'
import type { FieldErrors, ShippingForm } from './shipping.ts'

export type ShippingCheck = { ok: true; value: ShippingInfo } | { ok: false; errors: FieldErrors }

/** The server's own rules, with the first problem of each field (by code, beside its English sentence). */
export function validateShipping(form: ShippingForm): ShippingCheck {
  const result = shippingInfo.safeParse(form)
  if (result.success) return { ok: true, value: result.data }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ShippingInfo | undefined
    if (field && !errors[field]) errors[field] = { message: issue.message, path: field, ...problemOf(issue) }
  }
  return { ok: false, errors }
}
