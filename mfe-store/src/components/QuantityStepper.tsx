import { theme } from '@medstore/ui'
import styled from 'styled-components'
import { clampQuantity, maxOrderable } from '../domain/catalogue.ts'
import { useT } from '../i18n.ts'

const Stepper = styled.div`
  display: inline-flex;
  align-items: stretch;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius};
  background: ${theme.color.surface};
  overflow: hidden;

  button {
    width: 44px;
    border: 0;
    background: ${theme.color.brandLighter};
    color: ${theme.color.brandDark};
    font: inherit;
    font-size: 1.25rem;
    cursor: pointer;
  }

  button:disabled {
    color: ${theme.color.subtle};
    cursor: not-allowed;
  }

  output {
    display: grid;
    place-items: center;
    min-width: 48px;
    font-weight: 700;
  }
`

/** Quantity from 1 to the stock (and the cart line's maximum); the buttons stop at the bounds. */
export function QuantityStepper({
  value,
  stock,
  onChange,
  label,
}: {
  value: number
  stock: number
  onChange: (next: number) => void
  label: string
}) {
  const t = useT()
  const max = maxOrderable(stock)
  return (
    <Stepper role="group" aria-label={label}>
      <button
        type="button"
        aria-label={t('stepper.decrease')}
        disabled={value <= 1}
        onClick={() => onChange(clampQuantity(value - 1, stock))}
      >
        −
      </button>
      <output aria-live="polite" aria-label={t('stepper.quantity')}>
        {value}
      </output>
      <button
        type="button"
        aria-label={t('stepper.increase')}
        disabled={value >= max}
        onClick={() => onChange(clampQuantity(value + 1, stock))}
      >
        +
      </button>
    </Stepper>
  )
}
