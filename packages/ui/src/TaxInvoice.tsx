import { hasTaxInvoice } from '@medstore/contracts/order-constants'
import { Button, type ButtonVariant, theme } from '@medstore/ui'
import { useState } from 'react'
import styled from 'styled-components'
import { useT } from './later/messages.ts'

/** Saves bytes under a name: a link to the Blob's object URL, clicked once, then let go. */
export function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has handed the bytes to the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

const Box = styled.div`
  display: grid;
  justify-items: start;
  gap: 6px;
`

const Note = styled.p`
  margin: 0;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`

const Problem = styled.p`
  margin: 0;
  color: ${theme.color.danger};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`

export type TaxInvoiceProps = {
  /** The order's status: a shipped or delivered order has its invoice; a cancelled one never will. */
  status: string
  /** The invoice's PDF, named as the server names it (web-client's `api.file`). */
  load: () => Promise<File>
  variant?: ButtonVariant
}

/**
 * An order's GST tax invoice: a download button once the order has shipped (busy while the PDF comes, the
 * reason shown when it does not), before that a line saying when it comes, nothing for a cancelled order.
 */
export function TaxInvoice({ status, load, variant = 'secondary' }: TaxInvoiceProps) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  if (status === 'cancelled') return null
  if (!hasTaxInvoice(status)) return <Note data-testid="invoice-pending">{t('invoice.whenShipped')}</Note>

  async function download() {
    setBusy(true)
    setProblem(undefined)
    try {
      const file = await load()
      saveFile(file, file.name)
    } catch (error) {
      setProblem(t('invoice.failed', { reason: error instanceof Error ? error.message : '' }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box>
      <Button variant={variant} disabled={busy} aria-busy={busy} onClick={() => void download()}>
        {busy ? t('invoice.preparing') : t('invoice.download')}
      </Button>
      {problem ? <Problem role="alert">{problem}</Problem> : null}
    </Box>
  )
}
