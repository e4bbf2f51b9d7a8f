import { useSyncExternalStore } from 'react'
import { remotesGeneration, subscribeRemotes } from './remotesTable.ts'

/**
 * Re-renders the caller whenever the remote table or a remote's module arrives; the caller then reads
 * them with `peekRemotesTable` / `peekRemoteModule`.
 */
export function useRemotesChanges(): number {
  return useSyncExternalStore(subscribeRemotes, remotesGeneration, remotesGeneration)
}
