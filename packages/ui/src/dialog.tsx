import { type ReactNode, type RefObject, useEffect, useRef } from 'react'
import styled from 'styled-components'
import { theme } from './theme.ts'

/**
 * The keyboard and focus behaviour every dialog on the page shares (the Modal, the shell's cart drawer):
 * while `open`, the returned ref's element gets focus and Escape calls `onClose`; on closing, focus goes
 * back to what had it before. `onClose` may be a new function on every render without re-running this.
 */
export function useDialogFocus<T extends HTMLElement>(
  open: boolean,
  onClose: () => void,
): RefObject<T | null> {
  const dialog = useRef<T>(null)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  useEffect(() => {
    if (!open) return
    const previous = document.activeElement as HTMLElement | null
    dialog.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      previous?.focus?.()
    }
  }, [open])

  return dialog
}

const Bar = styled.header`
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
export function DialogHeader({ titleId, title, onClose, closeLabel = 'Close' }: DialogHeaderProps) {
  return (
    <Bar>
      <h2 id={titleId}>{title}</h2>
      <Close type="button" aria-label={closeLabel} onClick={onClose}>
        ×
      </Close>
    </Bar>
  )
}
