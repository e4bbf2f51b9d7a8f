import { theme } from '@medstore/ui'
import styled from 'styled-components'
import { useT } from '../i18n.ts'

const Mark = styled.span`
  display: inline-block;
  padding: 2px 7px;
  border-radius: 4px;
  background: ${theme.color.danger};
  color: #fff;
  font-size: 0.75rem;
  font-weight: 800;
  font-style: italic;
  line-height: 1.4;
`

/** Products that need a doctor's prescription carry a visible 'Rx' mark (named in full for readers). */
export function RxMark() {
  const t = useT()
  return (
    <Mark role="img" aria-label={t('rx.label')} title={t('rx.label')}>
      Rx
    </Mark>
  )
}
