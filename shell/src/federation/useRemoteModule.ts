import { useEffect, useState } from 'react'
import { loadRemoteModule, peekRemoteModule } from './remotes.ts'
import type { RemoteModuleId, RemoteModules } from './remoteTable.ts'

type LoadState<T> = { module: T } | { error: unknown } | { loading: true }

/**
 * A module exposed by a remote, or undefined while it loads. A failure is thrown (once) to the nearest
 * error boundary, which shows the remote's fallback; the failure is kept in state so it is not
 * re-requested on every render.
 */
export function useRemoteModule<Id extends RemoteModuleId>(id: Id): RemoteModules[Id] | undefined {
  const [state, setState] = useState<LoadState<RemoteModules[Id]>>(() => {
    const module = peekRemoteModule(id)
    return module ? { module } : { loading: true }
  })

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
  return 'module' in state ? state.module : undefined
}
