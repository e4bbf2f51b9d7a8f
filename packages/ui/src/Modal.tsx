import { type ReactNode, useId } from 'react'
import { createPortal } from 'react-dom'
import styled from 'styled-components'
import { DialogHeader, useDialogFocus } from './dialog.tsx'
import { theme } from './theme.ts'

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  padding: 16px;
  background: rgba(15, 23, 42, 0.5);
`

const Dialog = styled.div<{ $width: number }>`
  width: min(${(p) => p.$width}px, 100%);
  max-height: calc(100vh - 32px);
  overflow: auto;
  border-radius: 12px;
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow};

  .modal-body {
    padding: 20px;
  }

  footer {
    display: flex;
    justify-content: flex-end;
    gap: 8px;
    padding: 16px 20px;
    border-top: 1px solid ${theme.color.border};
  }
`

export interface ModalProps {
  open: boolean
  title: ReactNode
  onClose: () => void
  children: ReactNode
  /** Buttons at the bottom (e.g. Cancel and Save). */
  footer?: ReactNode
  width?: number
}

/**
 * A dialog over the page: Escape, the × button and a click on the backdrop close it; focus moves into
 * it when it opens and back to where it was when it closes.
 */
export function Modal({ open, title, onClose, children, footer, width = 560 }: ModalProps) {
  const titleId = useId()
  const dialog = useDialogFocus<HTMLDivElement>(open, onClose)

  if (!open) return null
  return createPortal(
    // A press on the backdrop is a press outside the dialog: useDialogFocus closes it.
    <Backdrop>
      <Dialog
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        $width={width}
      >
        <DialogHeader titleId={titleId} title={title} onClose={onClose} />
        <div className="modal-body">{children}</div>
        {footer ? <footer>{footer}</footer> : null}
      </Dialog>
    </Backdrop>,
    document.body,
  )
}
