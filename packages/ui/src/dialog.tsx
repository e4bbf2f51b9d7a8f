import type { ReactNode, RefObject } from 'react'
import styled from 'styled-components'
import { useT } from './messages.ts'
import { useOverlay } from './overlay.ts'
import { theme } from './theme.ts'

/**
 * A dialog's keyboard and focus behaviour (the Modal, the shell's cart drawer): `useOverlay` with the
 * dialog itself focused on opening. Kept under this name for the dialogs that already use it.
 */
export function useDialogFocus<T extends HTMLElement>(
  open: boolean,
  onClose: () => void,
): RefObject<T | null> {
  return useOverlay<T>(open, onClose)
}

// A div, not <header>: inside a dialog a header element can count as a second page banner.
const Bar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 16px 20px;
  border-bottom: 1px solid ${theme.color.border};

  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
`

const Close = styled.button`
  border: 0;
  background: transparent;
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
`

export interface DialogHeaderProps {
  /** The id the dialog's `aria-labelledby` names. */
  titleId: string
  title: ReactNode
  onClose: () => void
  /** The accessible name of the × button. */
  closeLabel?: string
}

/** A dialog's title bar: the heading that names the dialog and the × button that closes it. */
export function DialogHeader({ titleId, title, onClose, closeLabel }: DialogHeaderProps) {
  const t = useT()
  return (
    <Bar>
      <h2 id={titleId}>{title}</h2>
      <Close type="button" aria-label={closeLabel ?? t('dialog.close')} onClick={onClose}>
        ×
      </Close>
    </Bar>
  )
}
