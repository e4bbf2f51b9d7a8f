import styled from 'styled-components'
import { useT } from './messages.ts'
import { KEEP_OVERLAYS_OPEN } from './overlay.ts'
import { serverText } from './problems.ts'
import { theme } from './theme.ts'

export interface ToastView {
  id: number
  /** 'info' is a neutral notice (e.g. why the user is being sent to sign in), not a success. */
  type: 'success' | 'info' | 'error'
  message: string
  /** The server's error code when `message` is a server's error (shown in the reader's language). */
  code?: string
  description?: string
  descriptionCode?: string
}

// Spec: top right, offset 24, width 384. `$top` lets a page keep them clear of its fixed header.
const Stack = styled.section<{ $top: string }>`
  position: fixed;
  top: ${(p) => p.$top};
  right: 24px;
  z-index: 2000;
  width: min(384px, calc(100vw - 48px));
  display: grid;
  gap: 8px;
  pointer-events: none;

  & > div {
    display: grid;
    gap: 8px;
  }
`

const BORDER: Record<ToastView['type'], string> = {
  success: theme.color.brand,
  info: theme.color.info,
  error: theme.color.danger,
}

const Item = styled.div<{ $type: ToastView['type'] }>`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 14px 16px;
  border-left: 4px solid ${(p) => BORDER[p.$type]};
  border-radius: ${theme.radius};
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow};
  pointer-events: auto;

  p {
    margin: 0;
  }

  .toast-text {
    flex: 1;
  }

  .toast-message {
    font-weight: 600;
  }

  .toast-description {
    margin-top: 4px;
    color: ${theme.color.muted};
    font-size: 0.9rem;
  }

  button {
    border: 0;
    background: transparent;
    font-size: 1.2rem;
    line-height: 1;
    cursor: pointer;
  }
`

function ToastItem({ toast, onDismiss }: { toast: ToastView; onDismiss: (id: number) => void }) {
  const t = useT()
  return (
    <Item $type={toast.type} data-toast={toast.type}>
      <div className="toast-text">
        <p className="toast-message">{serverText({ message: toast.message, code: toast.code })}</p>
        {toast.description ? (
          <p className="toast-description">
            {serverText({ message: toast.description, code: toast.descriptionCode })}
          </p>
        ) : null}
      </div>
      <button type="button" aria-label={t('toast.dismiss')} onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </Item>
  )
}

/**
 * Toasts, top right. The two live regions are always in the page (a region added together with its
 * text is often not announced): successes and notices are read politely, errors at once.
 */
export function Toaster({
  toasts,
  onDismiss,
  top = '24px',
}: {
  toasts: readonly ToastView[]
  onDismiss: (id: number) => void
  /** Distance from the top of the window (a CSS length); default the spec's 24 px. */
  top?: string
}) {
  const t = useT()
  const itemsOf = (type: ToastView['type']) =>
    toasts
      .filter((toast) => toast.type === type)
      .map((toast) => <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />)
  return (
    // Dismissing a toast does not close the menu or dialog the user is in.
    <Stack aria-label={t('toast.region')} $top={top} {...{ [KEEP_OVERLAYS_OPEN]: '' }}>
      <div role="status" aria-live="polite">
        {itemsOf('success')}
        {itemsOf('info')}
      </div>
      <div role="alert" aria-live="assertive">
        {itemsOf('error')}
      </div>
    </Stack>
  )
}
