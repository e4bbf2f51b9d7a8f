import { SelectField, type SelectOption, TextField } from './fields.tsx'

/** The typed (not yet applied) order filters. */
export interface OrderFilterValues {
  name: string
  /** YYYY-MM-DD or '' */
  date: string
  price: string
  status: string
}

/**
 * The order filters of My orders and the back-office: customer name, order date, price and status
 * (the screen's own status choices, 'All Status' first). Goes inside the screen's filter form.
 */
export function OrderFilterFields<T extends OrderFilterValues>({
  value,
  onChange,
  statusOptions,
  priceError,
}: {
  value: T
  onChange: (next: T) => void
  statusOptions: readonly SelectOption[]
  /** Why the typed price cannot be used (shown next to the field). */
  priceError?: string | undefined
}) {
  const set = (key: keyof OrderFilterValues) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value })
  return (
    <>
      <TextField label="Customer name" placeholder="Name" value={value.name} onChange={set('name')} />
      <TextField label="Order date" type="date" value={value.date} onChange={set('date')} />
      <TextField
        label="Price"
        inputMode="decimal"
        placeholder="Price"
        value={value.price}
        error={priceError}
        onChange={set('price')}
      />
      <SelectField label="Status" value={value.status} options={statusOptions} onChange={set('status')} />
    </>
  )
}
