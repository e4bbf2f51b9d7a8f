import { Toaster } from '@medstore/ui'
import { useNotificationStore } from '@medstore/web-client'

/**
 * The page's toasts (from any front end, through the shared notification store): top right, just below
 * the storefront header's bar (which publishes where it ends), so they never cover its buttons.
 */
export function Notifications() {
  const toasts = useNotificationStore((state) => state.toasts)
  const dismiss = useNotificationStore((state) => state.dismiss)
  return <Toaster toasts={toasts} onDismiss={dismiss} top="calc(var(--header-bottom, 12px) + 12px)" />
}
