import type { RemoteName } from '@medstore/remote-contracts'
import type { ReactNode } from 'react'
import { ErrorBoundary } from '../pages/ErrorBoundary.tsx'
import { ErrorPage } from '../pages/ErrorPage.tsx'
import { RemoteUnavailable } from './RemoteUnavailable.tsx'
import { prepareRetry, RemoteUnavailableError } from './remotes.ts'

interface Props {
  remote: RemoteName
  children: ReactNode
  /** A change (e.g. the location) clears a caught error and tries again. */
  resetKey?: unknown
  /** A small area (the cart panel) rather than a page. */
  compact?: boolean
}

/**
 * The error boundary around everything a remote renders: when the remote cannot be loaded its area says
 * so politely and offers Retry; when its code crashes, the generic error page shows in the area. Either
 * way the shell's header and footer keep working.
 */
export function RemoteArea({ remote, children, resetKey, compact = false }: Props) {
  return (
    <ErrorBoundary
      resetKey={resetKey}
      fallback={(error, reset) =>
        error instanceof RemoteUnavailableError ? (
          <RemoteUnavailable
            remote={remote}
            compact={compact}
            onRetry={() => {
              prepareRetry(remote)
              reset()
            }}
          />
        ) : (
          <ErrorPage />
        )
      }
    >
      {/* Marks what the remote draws (the shell's own accessibility checks look at the rest). */}
      <div data-remote-area={remote} style={{ display: 'contents' }}>
        {children}
      </div>
    </ErrorBoundary>
  )
}
