/**
 * Run by the entry before the app's own chunks have arrived: reads `/remotes.json` and has the federation
 * runtime fetch the `./routes` code of the remote that owns this page. The Lighthouse report of `/` showed
 * the page waiting on a chain of four requests (remotes.json → manifest → remoteEntry.js → routes chunk)
 * that began only after React and the app had loaded and run; now it runs while they load.
 */
import type { RemotesTable } from '@medstore/remote-contracts'
import { remoteOwning } from '../routePaths.ts'
import { preloadRemoteModule, routesModuleOf } from './remotes.ts'
import { readRemotesTable } from './remotesTable.ts'

export function preloadThisPagesRemote(pathname: string = window.location.pathname): void {
  readRemotesTable().then(
    (table) => {
      // A remote the table has no usable entry for is absent from it (never an undefined value).
      const owner = remoteOwning(pathname, table as RemotesTable)
      if (owner) void preloadRemoteModule(routesModuleOf(owner))
    },
    () => {}, // the router shows the shop's "unavailable" page and offers a retry
  )
}
