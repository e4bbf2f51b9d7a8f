import { IMAGE_MAX_BYTES, type Product, productForm } from '@medstore/contracts/catalogue'
import { compositionText, GST_RATES, type Schedule } from '@medstore/contracts/medicine'

/** Back-office products per page (spec section 9). */
export const PRODUCTS_PAGE_SIZE = 10
/** At or below this many units a product is highlighted as low on stock. */
export const LOW_STOCK = 10

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const
export const IMAGE_HINT = 'PNG, JPG, GIF or WebP up to 10 MB'

export function isLowStock(stock: number): boolean {
  return stock <= LOW_STOCK
}

/** Why a chosen file cannot be the product image, checked before anything is uploaded. */
export function imageProblem(file: { type: string; size: number }): string | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'The image must be a PNG, JPG, GIF or WebP file.'
  if (file.size > IMAGE_MAX_BYTES) return 'The image must be at most 10 MB.'
  if (file.size === 0) return 'The image file is empty.'
  return undefined
}

/** The dialog's fields, each under the name the product form (the contract's productForm) gives it. */
export interface ProductFormValues {
  name: string
  price: string
  /** Empty: the MRP is the price (no discount). */
  mrp: string
  description: string
  category: string
  stock: string
  schedule: Schedule
  /** As typed: 'Aceclofenac 100 mg + Paracetamol 325 mg'. */
  composition: string
  manufacturer: string
  pack: string
  packUnits: string
  /** Comma-separated. */
  keyIngredients: string
  hsnCode: string
  gstRate: string
}

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  price: '',
  mrp: '',
  description: '',
  category: '',
  stock: '0',
  schedule: 'OTC',
  composition: '',
  manufacturer: '',
  pack: '',
  packUnits: '1',
  keyIngredients: '',
  hsnCode: '3004',
  gstRate: '5',
}

export const SCHEDULE_OPTIONS = [
  { value: 'OTC', label: 'OTC — over the counter' },
  { value: 'H', label: 'Schedule H — prescription' },
  { value: 'H1', label: 'Schedule H1 — prescription, kept on record' },
  { value: 'X', label: 'Schedule X — not sold online' },
] as const satisfies readonly { value: Schedule; label: string }[]

export const GST_OPTIONS = GST_RATES.map((rate) => ({ value: String(rate), label: `${rate}%` }))

/** The dialog's values of a product: each field of the form from the product's field of the same name. */
export function productValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    price: String(product.price),
    mrp: String(product.mrp),
    description: product.description,
    category: product.category,
    stock: String(product.stock),
    schedule: product.schedule,
    composition: compositionText(product.composition),
    manufacturer: product.manufacturer,
    pack: product.pack,
    packUnits: String(product.packUnits),
    keyIngredients: product.keyIngredients.join(', '),
    hsnCode: product.hsnCode,
    gstRate: String(product.gstRate),
  }
}

/** What is sent: every field trimmed, but an empty MRP is left out (the catalogue then takes the price). */
function sentFields(values: ProductFormValues): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .map(([field, value]) => [field, value.trim()] as const)
      .filter(([field, value]) => !(field === 'mrp' && value === '')),
  )
}

export type ProductErrors = Partial<Record<keyof ProductFormValues | 'image', string>>

/** The catalogue's own rules (the shared schema), one message per field. */
export function validateProduct(values: ProductFormValues): ProductErrors {
  const result = productForm.safeParse(sentFields(values))
  if (result.success) return {}
  const errors: ProductErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ProductFormValues
    errors[field] ??= issue.message
  }
  return errors
}

/** The multipart body of create and update; the image only when one was chosen (else the current stays). */
export function productFormData(values: ProductFormValues, image: File | null): FormData {
  const form = new FormData()
  for (const [field, value] of Object.entries(sentFields(values))) form.set(field, value)
  if (image) form.set('image', image)
  return form
}

/** What the server's refusal of an upload means for the pharmacist. */
export function uploadFailure(status: number, message: string): string {
  if (status === 413) return `The image is too large (the limit is 10 MB). ${message}`
  if (status === 415) return `The image type is not accepted (PNG, JPG, GIF or WebP). ${message}`
  return message
}
