/**
 * The storefront's account menu as the remotes publish it: `account` in each store remote's `routes.json`
 * (its page records, with their text in every language, written by the remote's build). The shell names
 * none of those pages, so a remote adds an entry by redeploying itself.
 *
 * A signed-in user's first render waits for them (bootstrap.tsx; a guest's page reads them once loaded):
 * the menu holds the same entries from the moment it can be opened, rather than growing under a user who
 * opened it while a remote's code was still arriving. A remote that does not answer has no entries.
 */
import type { AccountMenuEntry, RemoteRoutesManifest } from '@medstore/remote-contracts'
import { inMenuOrder } from '../layout/frameNavigation.ts'
import { earlySeam } from './earlySeam.ts'
import { type KnownRemotes, notifyRemotesChanged, readRemotesTable } from './remotesTable.ts'

let published: readonly AccountMenuEntry[] = []

function isEntry(value: unknown): value is AccountMenuEntry {
  if (typeof value !== 'object' || value === null) return false
  const { path, label, order } = value as Record<string, unknown>
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    typeof order === 'number' &&
    typeof label === 'object' &&
    label !== null &&
    typeof (label as Record<string, unknown>).en === 'string' &&
    Object.values(label).every((text) => typeof text === 'string')
  )
}

async function fetchRoutes(url: URL): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return response.json()
}

async function entriesOf(entry: string): Promise<AccountMenuEntry[]> {
  const url = new URL('routes.json', new URL(entry, window.location.href))
  // The page's own remote: index.html read its routes.json already (src/firstPaint/boot.ts); a failure
  // there is read again.
  const early = earlySeam()?.doc(`routes ${url.href}`)
  const manifest = (
    early ? await early.catch(() => fetchRoutes(url)) : await fetchRoutes(url)
  ) as Partial<RemoteRoutesManifest> | null
  const account = manifest?.account
  return Array.isArray(account) ? account.filter(isEntry) : []
}

/** Reads the entries of every store remote in `table`; the menu shows them from then on. */
export async function loadAccountMenu(table: KnownRemotes): Promise<void> {
  const remotes = Object.entries(table).filter(([, remote]) => remote?.frame === 'store')
  const lists = await Promise.all(
    remotes.map(([name, remote]) =>
      entriesOf(remote?.entry ?? '').catch((error: unknown) => {
        console.warn(`[shell] no account menu entries from "${name}"`, error)
        return []
      }),
    ),
  )
  published = inMenuOrder(lists.flat())
  notifyRemotesChanged()
}

let reading: Promise<void> | undefined

/** Starts the read once (bootstrap.tsx); the promise settles when the entries are in. */
export function readAccountMenu(): Promise<void> {
  reading ??= readRemotesTable().then(loadAccountMenu, () => {})
  return reading
}

/**
 * Settles once the entries are in, or after `maxWaitMs` (a remote that hangs then adds its entries when
 * it answers): the shell's first render waits for it.
 */
export function accountMenuSettled(maxWaitMs = 3000): Promise<void> {
  return Promise.race([readAccountMenu(), new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))])
}

/** The entries read so far, in menu order (callers re-render through `useRemotesChanges`). */
export const accountMenu = (): readonly AccountMenuEntry[] => published
