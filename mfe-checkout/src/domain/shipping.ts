import { SHIPPING_COUNTRY, type ShippingInfo, shippingInfo } from '@medstore/contracts/order'

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
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'PIN code', autoComplete: 'postal-code', inputMode: 'numeric' },
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

export type FieldErrors = Partial<Record<keyof ShippingInfo, string>>

export type ShippingCheck = { ok: true; value: ShippingInfo } | { ok: false; errors: FieldErrors }

/** The server's own rules (the contract's zod schema), with the first message of each field. */
export function validateShipping(form: ShippingForm): ShippingCheck {
  const result = shippingInfo.safeParse(form)
  if (result.success) return { ok: true, value: result.data }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ShippingInfo | undefined
    if (field && !errors[field]) errors[field] = issue.message
  }
  return { ok: false, errors }
}

/** The server's 400 `errors[]` (paths like `shippingInfo.city`) as the form's field messages. */
export function serverFieldErrors(errors: readonly { path: string; message: string }[]): FieldErrors {
  const out: FieldErrors = {}
  for (const { path, message } of errors) {
    const field = path.replace(/^shippingInfo\./, '') as keyof ShippingInfo
    if (field in emptyShippingForm() && !out[field]) out[field] = message
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

/** The remembered address, or undefined when none is stored or it no longer passes the rules. */
export function recalledAddress(storage: Storage, userId: string): ShippingForm | undefined {
  try {
    const raw = storage.getItem(addressKey(userId))
    if (!raw) return undefined
    const parsed = shippingInfo.safeParse(JSON.parse(raw))
    if (!parsed.success) return undefined
    return { ...emptyShippingForm(), ...parsed.data }
  } catch {
    return undefined
  }
}
