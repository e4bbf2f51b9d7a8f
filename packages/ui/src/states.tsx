import type { ReactNode } from 'react'
import styled from 'styled-components'
import { Button } from './Button.tsx'
import { t as tNow, useT } from './messages.ts'
import { theme } from './theme.ts'

const Box = styled.div`
  padding: 24px 16px;
  text-align: center;
  color: ${theme.color.muted};
`

/** Spec: lists show 'Loading...' while loading. */
export function LoadingState({ label }: { label?: string }) {
  const t = useT()
  return (
    <Box role="status" aria-busy="true">
      {label ?? t('state.loading')}
    </Box>
  )
}

/** What a failed list or page says: the spec's sentence, then the server's reason ('Error: …' alone without one). */
export const failureText = (message: string, failure?: string) =>
  failure ? (message ? `${failure} ${message}` : failure) : tNow('state.error', { message })

/**
 * Spec: 'Error: {message}' when an error is stored, or with `failure`, the spec's own sentence for what
 * failed ('Failed to fetch orders.') followed by the reason; optionally a Retry button.
 */
export function ErrorState({
  message,
  failure,
  onRetry,
}: {
  message: string
  /** The spec's sentence for this failure, e.g. 'Failed to fetch orders.' */
  failure?: string
  onRetry?: () => void
}) {
  const t = useT()
  return (
    <Box role="alert">
      <p>{failureText(message, failure)}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('state.retry')}
        </Button>
      ) : null}
    </Box>
  )
}

/** Nothing to show, e.g. 'No reviews found.' */
export function EmptyState({ children }: { children: ReactNode }) {
  return <Box>{children}</Box>
}
