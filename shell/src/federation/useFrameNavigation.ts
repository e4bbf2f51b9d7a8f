import type { NavigationEntry, RemoteFrame, RemoteName } from '@medstore/remote-contracts'
import { inMenuOrder } from '../layout/frameNavigation.ts'
import { peekRemoteModule, routesModuleOf } from './remotes.ts'
import { peekRemotesTable } from './remotesTable.ts'
import { useRemotesChanges } from './useRemotes.ts'

/**
 * The navigation the remotes of a frame publish, in menu order, from the `./routes` modules loaded so far
 * (the frame's routes load them); the caller re-renders as they arrive, and after a remote moved.
 */
export function useFrameNavigation(frame: RemoteFrame): NavigationEntry[] {
  useRemotesChanges()
  const table = peekRemotesTable()
  if (!table) return []
  const names = (Object.keys(table) as RemoteName[]).filter((name) => table[name]?.frame === frame)
  return inMenuOrder(names.flatMap((name) => peekRemoteModule(routesModuleOf(name))?.navigation ?? []))
}
