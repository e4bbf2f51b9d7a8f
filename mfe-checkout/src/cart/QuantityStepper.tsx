import type { CartItem } from '@medstore/contracts/cart'
import { theme } from '@medstore/ui'
import { PAINT_HIDDEN } from '@medstore/web-client'
import styled from 'styled-components'
import { decreased, increased, maxQuantityOf } from '../domain/cart.ts'
import { useT } from '../i18n.ts'

const Box = styled.div`
  display: inline-flex;
  align-items: center;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius};
  overflow: hidden;

  button {
    width: 36px;
    height: 36px;
    border: 0;
    background: ${theme.color.brandLighter};
    color: ${theme.color.brandDark};
    font: inherit;
    font-size: 1.1rem;
    font-weight: 700;
    cursor: pointer;
  }
  button:disabled {
    color: #94a3b8;
    background: #f1f5f9;
    cursor: not-allowed;
  }
  output {
    min-width: 36px;
    text-align: center;
    font-weight: 600;
  }
`

/** − and + around the quantity: − does nothing at 1, + stops at the stock (the cart's maxQuantity). */
export function QuantityStepper({
  item,
  busy,
  onChange,
}: {
  item: CartItem
  busy: boolean
  onChange: (quantity: number) => void
}) {
  const t = useT()
  const name = item.productId.name
  const down = decreased(item)
  const up = increased(item)
  return (
    <Box>
      {/* − and + are hidden in a first paint (src/pagePaints.tsx): whether they work depends on the line. */}
      <button
        {...PAINT_HIDDEN}
        type="button"
        aria-label={t('stepper.decrease', { name })}
        disabled={busy || down === undefined}
        onClick={() => down !== undefined && onChange(down)}
      >
        −
      </button>
      <output aria-label={t('stepper.quantity', { name })} aria-live="polite">
        {item.quantity}
      </output>
      <button
        {...PAINT_HIDDEN}
        type="button"
        aria-label={t('stepper.increase', { name })}
        title={up === undefined ? `At most ${maxQuantityOf(item)} of this product` : undefined}
        disabled={busy || up === undefined}
        onClick={() => up !== undefined && onChange(up)}
      >
        +
      </button>
    </Box>
  )
}
