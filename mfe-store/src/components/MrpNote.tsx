import { savingPercent } from '@medstore/contracts/medicine'
import { formatRupees, LOCALES, theme, useLanguage } from '@medstore/ui'
import { PAINT_HIDDEN } from '@medstore/web-client'
import styled from 'styled-components'
import { useT } from '../i18n.ts'

const Note = styled.span`
  font-size: 0.8rem;
  font-weight: 600;
  color: ${theme.color.muted};

  s {
    margin-right: 6px;
  }

  .off {
    color: ${theme.color.brand};
  }
`

/**
 * The MRP struck through and the discount, when the price is below the MRP. Always drawn (empty without a
 * discount) and hidden in the first paint: whether there is a discount depends on the answer.
 */
export function MrpNote({ price, mrp }: { price: number; mrp: number }) {
  const t = useT()
  const language = useLanguage()
  const off = savingPercent(price, mrp)
  return (
    <Note {...PAINT_HIDDEN}>
      {off > 0 ? (
        <>
          <s>{t('price.mrp', { mrp: formatRupees(mrp, LOCALES[language]) })}</s>
          <span className="off">{t('price.off', { percent: off })}</span>
        </>
      ) : null}
    </Note>
  )
}
