import type { ReactNode } from 'react'
import { EmptyState, ErrorState, LoadingState } from './states.tsx'
import type { Load } from './use-load.ts'

export interface ListStateProps<T> {
  load: Load<T>
  /** The error state's Retry button. */
  retry: () => void
  isEmpty: (data: T) => boolean
  /** What an empty answer shows, e.g. 'No customers found.' */
  empty: ReactNode
  loadingLabel?: string
  /** The spec's sentence for a failed load, e.g. 'Failed to fetch orders.' (the reason follows it). */
  failure?: string
  /** The rows (table, pager) for a non-empty answer. */
  children: (data: T) => ReactNode
}

/**
 * A list's loading, error (with Retry) and empty states. While a new page or filter loads, the rows
 * already shown stay (dimmed and marked busy) instead of flashing 'Loading...'.
 */
export function ListState<T>({
  load,
  retry,
  isEmpty,
  empty,
  loadingLabel,
  failure,
  children,
}: ListStateProps<T>) {
  if (load.status === 'error') return <ErrorState message={load.error} failure={failure} onRetry={retry} />
  if (load.data === undefined) return <LoadingState label={loadingLabel} />
  if (isEmpty(load.data)) return <EmptyState>{empty}</EmptyState>
  return (
    <div aria-busy={load.status === 'loading'} style={{ opacity: load.status === 'loading' ? 0.6 : 1 }}>
      {children(load.data)}
    </div>
  )
}
