import type { RemoteModuleId, RemoteModules } from '@medstore/remote-contracts'
import { cataloguesReady, cataloguesShown } from '@medstore/ui'
import { startTransition, useEffect, useState } from 'react'
import { loadRemoteModule, peekRemoteModule } from './remotes.ts'

type LoadState<T> = { id: RemoteModuleId } & ({ module: T } | { error: unknown } | { loading: true })

function initialState<Id extends RemoteModuleId>(id: Id): LoadState<RemoteModules[Id]> {
  const module = peekRemoteModule(id)
  return module && cataloguesShown() ? { id, module } : { id, loading: true }
}

/**
 * A module exposed by a remote, or undefined while it (or its messages in the page's language) loads. A failure is thrown (once) to the nearest
 * error boundary, which shows the remote's fallback; the failure is kept in state so it is not
 * re-requested on every render.
 */
export function useRemoteModule<Id extends RemoteModuleId>(id: Id): RemoteModules[Id] | undefined {
  const [stored, setState] = useState<LoadState<RemoteModules[Id]>>(() => initialState(id))
  // The same component may be asked for another module (React reuses it across routes): start over.
  let state = stored
  if (stored.id !== id) {
    state = initialState(id)
    setState(state)
  }

  useEffect(() => {
    if ('module' in state) return
    let active = true
    // A transition: the remote's part of the page renders in slices, not as one long task.
    // Its messages in the page's language too (loading the module defined its catalogue): it renders in
    // that language from the start.
    loadRemoteModule(id).then(
      (module) => cataloguesReady().then(() => active && startTransition(() => setState({ id, module }))),
      (error: unknown) => active && setState({ id, error }),
    )
    return () => {
      active = false
    }
  }, [id, state])

  if ('error' in state) throw state.error
  return 'module' in state ? state.module : undefined
}
