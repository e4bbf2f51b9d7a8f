import type { Schedule } from '@medstore/contracts/medicine'
import { Button, FieldMessage, Modal, SelectField, TextArea, TextField, theme } from '@medstore/ui'
import { ApiError, toast } from '@medstore/web-client'
import { useEffect, useId, useState } from 'react'
import styled from 'styled-components'
import { type Category, type Product, vendorApi } from '../api.ts'
import {
  EMPTY_PRODUCT,
  GST_OPTIONS,
  IMAGE_HINT,
  IMAGE_TYPES,
  imageProblem,
  type ProductErrors,
  type ProductFormValues,
  productFormData,
  productValues,
  SCHEDULE_OPTIONS,
  uploadFailure,
  validateProduct,
} from '../domain/products.ts'
import { ErrorText } from './common.tsx'

const Upload = styled.div`
  display: grid;
  grid-template-columns: 96px minmax(0, 1fr);
  gap: 12px;
  align-items: center;
  margin-bottom: 14px;

  .preview {
    width: 96px;
    height: 96px;
    display: grid;
    place-items: center;
    border: 1px dashed ${theme.color.border};
    border-radius: ${theme.radius};
    background: ${theme.color.background};
    color: ${theme.color.subtle};
    font-size: 0.8rem;
    text-align: center;
    overflow: hidden;
  }

  .preview img {
    width: 100%;
    height: 100%;
    object-fit: contain;
  }

  label {
    display: block;
    margin-bottom: 6px;
    font-weight: 600;
    font-size: 0.9rem;
  }

  input[type='file'] {
    width: 100%;
    margin-bottom: 4px;
    font: inherit;
  }
`

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 0 12px;
`

const Facts = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;

  legend {
    padding: 0;
    margin-bottom: 8px;
    font-weight: 700;
  }
`

type Setter = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => void

/** What the product is made of, who makes it, how it is packed and taxed, and how it may be sold. */
function MedicineFacts({
  values,
  errors,
  set,
}: {
  values: ProductFormValues
  errors: ProductErrors
  set: Setter
}) {
  return (
    <Facts>
      <legend>Medicine facts</legend>
      <Row>
        <SelectField
          label="Schedule"
          options={SCHEDULE_OPTIONS}
          value={values.schedule}
          error={errors.schedule}
          onChange={(e) => set('schedule', e.target.value as Schedule)}
        />
        <SelectField
          label="GST rate"
          options={GST_OPTIONS}
          value={values.gstRate}
          error={errors.gstRate}
          onChange={(e) => set('gstRate', e.target.value)}
        />
        <TextField
          label="HSN code"
          inputMode="numeric"
          value={values.hsnCode}
          error={errors.hsnCode}
          onChange={(e) => set('hsnCode', e.target.value)}
        />
      </Row>
      <TextField
        label="Composition"
        value={values.composition}
        error={errors.composition}
        hint="Salts with strengths, joined by +: Aceclofenac 100 mg + Paracetamol 325 mg. Empty if not a medicine."
        onChange={(e) => set('composition', e.target.value)}
      />
      <TextField
        label="Manufacturer"
        value={values.manufacturer}
        error={errors.manufacturer}
        onChange={(e) => set('manufacturer', e.target.value)}
      />
      <Row>
        <TextField
          label="Pack"
          value={values.pack}
          error={errors.pack}
          hint="e.g. strip of 10 tablets"
          onChange={(e) => set('pack', e.target.value)}
        />
        <TextField
          label="Units per pack"
          inputMode="numeric"
          value={values.packUnits}
          error={errors.packUnits}
          onChange={(e) => set('packUnits', e.target.value)}
        />
      </Row>
      <TextField
        label="Key ingredients"
        value={values.keyIngredients}
        error={errors.keyIngredients}
        hint="Ayurvedic products: comma-separated, e.g. Amalaki, Bibhitaki, Haritaki"
        onChange={(e) => set('keyIngredients', e.target.value)}
      />
    </Facts>
  )
}

/**
 * Add or edit a product. The image is checked (type and 10 MB) before anything is sent; on a failure the
 * dialog stays open with the server's reason (a 413/415 explained), instead of only logging it.
 */
export function ProductDialog({
  product,
  onClose,
  onSaved,
}: {
  product?: Product | undefined
  onClose: () => void
  onSaved: (product: Product) => void
}) {
  const [values, setValues] = useState<ProductFormValues>(product ? productValues(product) : EMPTY_PRODUCT)
  const [errors, setErrors] = useState<ProductErrors>({})
  const [image, setImage] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | undefined>(product?.image)
  const [failure, setFailure] = useState<string>()
  const [saving, setSaving] = useState(false)
  const [categories, setCategories] = useState<Category[] | null>(null)
  const [categoriesError, setCategoriesError] = useState<string>()
  const imageId = useId()

  useEffect(() => {
    vendorApi.categories().then(setCategories, (error: Error) => setCategoriesError(error.message))
  }, [])
  // The object URL of a chosen file is released when it is replaced or the dialog closes.
  useEffect(() => {
    if (!image) return
    const url = URL.createObjectURL(image)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [image])

  // Editing a field clears its message: the next Create/Update checks it again.
  const set: Setter = (key, value) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }

  const chooseImage = (file: File | undefined) => {
    if (!file) return
    const problem = imageProblem(file)
    setErrors((e) => ({ ...e, image: problem }))
    if (!problem) setImage(file)
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const found = validateProduct(values)
    if (errors.image) found.image = errors.image
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    setSaving(true)
    setFailure(undefined)
    try {
      const form = productFormData(values, image)
      const saved = product
        ? await vendorApi.updateProduct(product._id, form)
        : await vendorApi.createProduct(form)
      toast.success(product ? 'Product updated successfully.' : 'Product created successfully.')
      onSaved(saved)
    } catch (error) {
      const message =
        error instanceof ApiError ? uploadFailure(error.status, error.message) : 'Something went wrong.'
      setFailure(`${product ? 'Failed to update product.' : 'Failed to create product.'} ${message}`)
      if (error instanceof ApiError)
        setErrors(Object.fromEntries(error.errors.map((e) => [e.path, e.message])) as ProductErrors)
    } finally {
      setSaving(false)
    }
  }

  const categoryOptions = [
    { value: '', label: categories ? 'Choose a category' : 'Loading categories…' },
    ...(categories ?? []).map((c) => ({ value: c.name, label: c.name })),
  ]

  return (
    <Modal
      open
      title={product ? 'Edit Product' : 'Add a new Product'}
      onClose={onClose}
      width={620}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="product-form" disabled={saving}>
            {saving ? 'Saving…' : product ? 'Update Product' : 'Create Product'}
          </Button>
        </>
      }
    >
      <form id="product-form" noValidate onSubmit={submit}>
        <TextField
          label="Product Name"
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <Row>
          <TextField
            label="Product Price (₹)"
            inputMode="decimal"
            value={values.price}
            error={errors.price}
            hint="Tax-inclusive"
            onChange={(e) => set('price', e.target.value)}
          />
          <TextField
            label="MRP (₹)"
            inputMode="decimal"
            value={values.mrp}
            error={errors.mrp}
            hint="Empty: same as the price"
            onChange={(e) => set('mrp', e.target.value)}
          />
          <TextField
            label="Stock (units)"
            inputMode="numeric"
            value={values.stock}
            error={errors.stock}
            onChange={(e) => set('stock', e.target.value)}
          />
        </Row>
        <SelectField
          label="Product Category"
          options={categoryOptions}
          value={values.category}
          error={errors.category ?? categoriesError}
          onChange={(e) => set('category', e.target.value)}
        />
        <label htmlFor="product-details">
          <strong>Product Details</strong>
        </label>
        <TextArea
          id="product-details"
          value={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? 'product-details-error' : undefined}
          onChange={(e) => set('description', e.target.value)}
        />
        {errors.description ? (
          <FieldMessage $error id="product-details-error">
            {errors.description}
          </FieldMessage>
        ) : null}
        <Upload style={{ marginTop: 14 }}>
          <div className="preview">
            {preview ? <img src={preview} alt="Chosen for this product" /> : 'No image'}
          </div>
          <div>
            <label htmlFor={imageId}>Product Image</label>
            <input
              id={imageId}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              aria-invalid={errors.image ? true : undefined}
              aria-describedby={`${imageId}-message`}
              onChange={(e) => chooseImage(e.target.files?.[0])}
            />
            <FieldMessage $error={Boolean(errors.image)} id={`${imageId}-message`}>
              {errors.image ?? (preview ? `Choose a file to replace it. ${IMAGE_HINT}` : IMAGE_HINT)}
            </FieldMessage>
          </div>
        </Upload>
        <MedicineFacts values={values} errors={errors} set={set} />
        {failure ? <ErrorText role="alert">{failure}</ErrorText> : null}
      </form>
    </Modal>
  )
}
