import { startTransition, useEffect, useState } from 'react'
import { remotesGeneration, subscribeRemotes } from './remotesTable.ts'

/**
 * Re-renders the caller whenever the remote table or a remote's module arrives; the caller then reads
 * them with `peekRemotesTable` / `peekRemoteModule`. The re-render is a transition, not a synchronous
 * store update (useSyncExternalStore): when a remote's routes arrive it renders the whole page, and as
 * a transition React does that in slices that leave the main thread free (one long task before).
 */
export function useRemotesChanges(): number {
  const [seen, setSeen] = useState(remotesGeneration)
  useEffect(() => {
    const update = () => startTransition(() => setSeen(remotesGeneration()))
    update() // whatever arrived between the first render and this subscription
    return subscribeRemotes(update)
  }, [])
  return seen
}
