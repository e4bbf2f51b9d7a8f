import { INDIAN_DATE_HINT, SelectField, type SelectOption, TextField } from '@medstore/ui'
import { useT } from './later/messages.ts'

/** The typed (not yet applied) order filters. */
export interface OrderFilterValues {
  name: string
  /** As typed: dd/mm/yyyy (parseIndianDate reads it), or '' */
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
  dateError,
}: {
  value: T
  onChange: (next: T) => void
  statusOptions: readonly SelectOption[]
  /** Why the typed price cannot be used (shown next to the field). */
  priceError?: string | undefined
  /** Why the typed date cannot be used. */
  dateError?: string | undefined
}) {
  const t = useT()
  const set = (key: keyof OrderFilterValues) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value })
  return (
    <>
      <TextField
        label={t('filters.customerName')}
        placeholder={t('filters.name')}
        value={value.name}
        onChange={set('name')}
      />
      {/* Day first, as Indian shoppers write it: the browser's own date field follows its locale (mm/dd/yyyy in en-US). */}
      <TextField
        label={t('filters.date')}
        inputMode="numeric"
        placeholder={INDIAN_DATE_HINT}
        value={value.date}
        error={dateError}
        onChange={set('date')}
      />
      <TextField
        label={t('filters.price')}
        inputMode="decimal"
        placeholder={t('filters.price')}
        value={value.price}
        error={priceError}
        onChange={set('price')}
      />
      <SelectField
        label={t('filters.status')}
        value={value.status}
        options={statusOptions}
        onChange={set('status')}
      />
    </>
  )
}
