/**
 * Run by the entry before the app's own chunks have arrived: reads `/remotes.json` and has the federation
 * runtime fetch the `./routes` code of the remote that owns this page. The Lighthouse report of `/` showed
 * the page waiting on a chain of four requests (remotes.json → manifest → remoteEntry.js → routes chunk)
 * that began only after React and the app had loaded and run; now it runs while they load.
 */
import type { RemotesTable } from '@medstore/remote-contracts'
import { remoteOwning } from '../routePaths.ts'
import { loadRemoteModule, preloadRemoteModule, routesModuleOf } from './remotes.ts'
import { readRemotesTable } from './remotesTable.ts'

/** The remote that owns `pathname`, once `/remotes.json` is in (undefined: the shell's own page, or none). */
async function ownerOf(pathname: string) {
  // A remote the table has no usable entry for is absent from it (never an undefined value).
  return remoteOwning(pathname, (await readRemotesTable()) as RemotesTable)
}

export function preloadThisPagesRemote(pathname: string = window.location.pathname): void {
  ownerOf(pathname).then(
    (owner) => {
      if (owner) void preloadRemoteModule(routesModuleOf(owner))
    },
    () => {}, // the router shows the shop's "unavailable" page and offers a retry
  )
}

/**
 * Settles once the page's remote routes (and the screen it opened at) are loaded, have failed, or
 * `maxWaitMs` passed. The shell's first render waits for it: index.html already shows the page's first
 * paint (the frame, on `/` the hero, on a painted data page the page itself), and rendering before the
 * remote's page is in would swap that for a Loading box and back.
 */
export function thisPagesRoutesSettled(
  pathname: string = window.location.pathname,
  maxWaitMs = 3000,
): Promise<void> {
  const loaded = ownerOf(pathname).then(async (owner) => {
    if (!owner) return
    const module = await loadRemoteModule(routesModuleOf(owner))
    // The screen the page opened at, too: where index.html painted the remote's page, React then draws
    // that page at once instead of a Loading box (an older remote has no `ready`).
    await module.ready?.()
  })
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))
  return Promise.race([loaded.then(() => {}), timeout]).catch(() => {})
}
