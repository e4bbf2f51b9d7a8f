import type { ReactNode } from 'react'
import styled from 'styled-components'
import { Button } from './Button.tsx'
import { theme } from './theme.ts'

const Box = styled.div`
  padding: 24px 16px;
  text-align: center;
  color: ${theme.color.muted};
`

/** Spec: lists show 'Loading...' while loading. */
export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <Box role="status" aria-busy="true">
      {label}
    </Box>
  )
}

/** Spec: 'Error: {message}' when an error is stored; optionally a Retry button. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Box role="alert">
      <p>Error: {message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </Box>
  )
}

/** Nothing to show, e.g. 'No reviews found.' */
export function EmptyState({ children }: { children: ReactNode }) {
  return <Box>{children}</Box>
}
