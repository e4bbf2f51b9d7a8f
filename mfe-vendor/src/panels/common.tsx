import { Button, Modal, theme } from '@medstore/ui'
import { type ReactNode, useId } from 'react'
import styled from 'styled-components'

const PanelFrame = styled.section`
  display: grid;
  /* minmax(0, 1fr): a wide table scrolls inside its frame instead of widening the page. */
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  min-width: 0;

  /* The shell's <main> already pads the page; the panel adds none of its own. */
  > h1 {
    margin: 0;
    font-size: 1.35rem;
    color: ${theme.color.text};
  }
`

/**
 * A panel's body under its title (Dashboard, All Orders, …). The shell's back-office frame draws the
 * sidebar and the top bar; the page's one heading, which also names the region, is the panel's.
 */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <PanelFrame aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {children}
    </PanelFrame>
  )
}

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  justify-content: flex-end;
`

export const RowActions = styled.div`
  display: flex;
  gap: 6px;

  button {
    padding: 6px 12px;
  }
`

/** The 'Are you sure?' confirmation (spec: title, text, 'Yes, delete it!'); nothing happens until confirmed. */
export function ConfirmDialog({
  open,
  title = 'Are you sure?',
  text,
  confirmLabel = 'Yes, delete it!',
  busy = false,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean
  title?: string
  text: string
  confirmLabel?: string
  busy?: boolean
  error?: string | undefined
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      width={440}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{text}</p>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </Modal>
  )
}

export const ErrorText = styled.p`
  margin: 12px 0 0;
  padding: 10px 12px;
  border-radius: ${theme.radius};
  background: ${theme.color.dangerLight};
  color: ${theme.color.danger};
`
