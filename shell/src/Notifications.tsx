import { Toaster } from '@medstore/ui'
import { useNotificationStore } from '@medstore/web-client'

/** The page's toasts (from any front end, through the shared notification store). */
export function Notifications() {
  const toasts = useNotificationStore((state) => state.toasts)
  const dismiss = useNotificationStore((state) => state.dismiss)
  return <Toaster toasts={toasts} onDismiss={dismiss} />
}
