import type { RemoteName } from '@medstore/mf-config/contract'
import { type ReactNode, useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { ErrorBoundary } from '../pages/ErrorBoundary.tsx'
import { ErrorPage } from '../pages/ErrorPage.tsx'
import { Loading } from './Loading.tsx'
import { RemoteUnavailable } from './RemoteUnavailable.tsx'
import { loadRemoteModule, peekRemoteModule, prepareRetry, RemoteUnavailableError } from './remotes.ts'

interface Props {
  remote: RemoteName
  path: string
}

/**
 * The element a remote provides for one route, inside its own error boundary: if the remote cannot be
 * loaded the area says so politely and offers Retry; if its code crashes, the generic error page shows
 * in the area. Either way the shell's header and footer keep working.
 */
export function RemoteRoute({ remote, path }: Props) {
  // A new location (e.g. /shopDetails/a → /shopDetails/b) clears an error and tries again.
  const { pathname, search } = useLocation()
  return (
    <ErrorBoundary
      resetKey={`${pathname}${search}`}
      fallback={(error, reset) =>
        error instanceof RemoteUnavailableError ? (
          <RemoteUnavailable
            remote={remote}
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
      <RemoteElement remote={remote} path={path} />
    </ErrorBoundary>
  )
}

type RoutesModule = { routes: Readonly<Record<string, ReactNode>> }
type LoadState = { module: RoutesModule } | { error: unknown } | { loading: true }

function RemoteElement({ remote, path }: Props) {
  const id = `${remote}/routes` as const
  const [state, setState] = useState<LoadState>(() => {
    const module = peekRemoteModule(id)
    return module ? { module } : { loading: true }
  })

  // Loading in an effect, not with use(): a failed load is kept in this component's state and thrown to
  // the boundary once, instead of being re-requested on every render.
  useEffect(() => {
    if ('module' in state) return
    let active = true
    loadRemoteModule(id).then(
      (module) => active && setState({ module }),
      (error: unknown) => active && setState({ error }),
    )
    return () => {
      active = false
    }
  }, [id, state])

  if ('error' in state) throw state.error
  if ('loading' in state) return <Loading />
  const { routes } = state.module as Partial<RoutesModule>
  if (typeof routes !== 'object' || routes === null || !(path in routes)) {
    throw new Error(`Remote "${remote}" provides no element for route "${path}"`)
  }
  return <>{routes[path]}</>
}
