import styled from 'styled-components'
import { useT } from '../i18n.ts'

const Box = styled.div`
  min-height: 40vh;
  display: grid;
  place-items: center;
  color: #64748b;
`

export function Loading() {
  const t = useT()
  return (
    <Box role="status" aria-busy="true">
      {t('page.loading')}
    </Box>
  )
}
