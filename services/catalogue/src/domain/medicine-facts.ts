import type { productForm } from '@medstore/contracts/catalogue'
import { compositionKey, type Schedule } from '@medstore/contracts/medicine'
import { toPaise } from '@medstore/contracts/money'
import type { z } from 'zod'

type Form = z.infer<typeof productForm>

/**
 * The stored facts a product form implies beyond the fields it sends under their own names: the schedule
 * (an older client says only requiresPrescription: true → H), the MRP in paise and the composition's
 * matching key. Without an MRP a new product's is its price, and an edit keeps the current one unless the
 * new price is above it (the MRP is never below the price).
 */
export function storedFactsOf(
  form: Form,
  current?: { mrpPaise: number },
): { schedule?: Schedule; mrpPaise: number; compositionKey?: string } {
  const pricePaise = toPaise(form.price)
  const mrpPaise =
    form.mrp !== undefined ? toPaise(form.mrp) : current ? Math.max(current.mrpPaise, pricePaise) : pricePaise
  const schedule =
    form.schedule ??
    (form.requiresPrescription === undefined ? undefined : form.requiresPrescription ? 'H' : 'OTC')
  return {
    mrpPaise,
    ...(schedule ? { schedule } : {}),
    ...(form.composition ? { compositionKey: compositionKey(form.composition) } : {}),
  }
}
