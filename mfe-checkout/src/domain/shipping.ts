import type { ShippingInfo } from '@medstore/contracts/order'
import { SHIPPING_COUNTRY } from '@medstore/contracts/order-constants'
import type { FieldProblem } from '@medstore/ui'

/** The checkout form as typed: every field text. */
export type ShippingForm = Record<keyof ShippingInfo, string>

export const shippingFields: {
  name: keyof ShippingInfo
  label: string
  autoComplete: string
  inputMode?: 'numeric' | 'tel'
}[] = [
  { name: 'customerName', label: 'Full name', autoComplete: 'name' },
  { name: 'phoneNumber', label: 'Mobile number', autoComplete: 'tel-national', inputMode: 'tel' },
  { name: 'houseNumber', label: 'House number', autoComplete: 'address-line1' },
  { name: 'street', label: 'Street', autoComplete: 'address-line2' },
  { name: 'addressLine1', label: 'Address line 1', autoComplete: 'address-line1' },
  { name: 'addressLine2', label: 'Address line 2 (optional)', autoComplete: 'address-line2' },
  { name: 'postalCode', label: 'PIN code', autoComplete: 'postal-code', inputMode: 'numeric' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
]

export const emptyShippingForm = (): ShippingForm => ({
  customerName: '',
  phoneNumber: '',
  country: SHIPPING_COUNTRY,
  state: '',
  city: '',
  addressLine1: '',
  addressLine2: '',
  postalCode: '',
  street: '',
  houseNumber: '',
})

/** Each field's problem, by code beside its English sentence (packages/contracts/src/problems.ts). */
export type FieldErrors = Partial<Record<keyof ShippingInfo, FieldProblem>>

/** The server's 400 `errors[]` (paths like `shippingInfo.city`) as the form's field problems. */
export function serverFieldErrors(errors: readonly FieldProblem[]): FieldErrors {
  const out: FieldErrors = {}
  for (const error of errors) {
    const field = (error.path ?? '').replace(/^shippingInfo\./, '') as keyof ShippingInfo
    if (field in emptyShippingForm() && !out[field]) out[field] = error
  }
  return out
}

// The last address is kept per user in this browser, so a returning customer does not type it again.
const addressKey = (userId: string) => `medstore.checkout.address.${userId}`

export function rememberAddress(storage: Storage, userId: string, value: ShippingInfo): void {
  try {
    storage.setItem(addressKey(userId), JSON.stringify(value))
  } catch {
    // Storage full or blocked: remembering is a convenience only.
  }
}

const OPTIONAL_FIELDS: ReadonlySet<keyof ShippingInfo> = new Set(['addressLine2'])

/**
 * The remembered address, or undefined when none is stored or it is not a whole address. Only its shape
 * is checked here (every field text, the required ones filled): the contract's rules run when the order
 * is sent (./shipping-rules.ts), so a remembered address that no longer passes shows its field messages
 * instead of vanishing, and the page's first render carries no schema library.
 */
export function recalledAddress(storage: Storage, userId: string): ShippingForm | undefined {
  try {
    const raw = storage.getItem(addressKey(userId))
    if (!raw) return undefined
    const stored: unknown = JSON.parse(raw)
    if (typeof stored !== 'object' || stored === null) return undefined
    const form = emptyShippingForm()
    for (const name of Object.keys(form) as (keyof ShippingInfo)[]) {
      const value = (stored as Record<string, unknown>)[name]
      if (value === undefined && OPTIONAL_FIELDS.has(name)) continue
      if (typeof value !== 'string' || (!OPTIONAL_FIELDS.has(name) && value.trim() === '')) return undefined
      form[name] = value
    }
    return form
  } catch {
    return undefined
  }
}
