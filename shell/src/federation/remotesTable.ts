/**
 * The shell's runtime remote table, `/remotes.json` (written by its static server, overridable per
 * environment): each remote's manifest URL, path prefixes and frame. Read once and shared; listeners
 * (the router) hear when it or a remote's module arrives.
 */
import type { RemoteFrame, RemoteName, RemotesTable, RemoteTableEntry } from '@medstore/remote-contracts'
import { earlySeam } from './earlySeam.ts'
import { remoteLabels } from './remoteLabels.ts'

const REMOTE_NAMES = Object.keys(remoteLabels) as RemoteName[]

/** The remote table as the shell reads it: a remote missing or malformed in it is left out. */
export type KnownRemotes = Partial<RemotesTable>

const listeners = new Set<() => void>()
let generation = 0

/** For `useSyncExternalStore`: told when the table or a remote's module arrives. */
export function subscribeRemotes(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Changes whenever something `subscribeRemotes` tells about happened. */
export const remotesGeneration = (): number => generation

export function notifyRemotesChanged(): void {
  generation += 1
  for (const listener of listeners) listener()
}

const FRAMES: readonly RemoteFrame[] = ['store', 'back-office']

function parseEntry(value: unknown): RemoteTableEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { entry, prefixes, frame } = value as Record<string, unknown>
  if (typeof entry !== 'string' || !entry) return undefined
  if (!Array.isArray(prefixes) || !prefixes.every((prefix) => typeof prefix === 'string')) return undefined
  if (!FRAMES.includes(frame as RemoteFrame)) return undefined
  return { entry, prefixes, frame: frame as RemoteFrame }
}

let remotesTable: Promise<KnownRemotes> | undefined
let tableRead: KnownRemotes | undefined
let tableFailed = false

async function fetchRemotesBody(): Promise<unknown> {
  const response = await fetch('/remotes.json', {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`)
  return response.json()
}

async function fetchRemotesTable(): Promise<KnownRemotes> {
  // index.html read it already (src/firstPaint/boot.ts) unless this is a retry; a failure there is read again.
  const early = earlySeam()?.doc('remotes')
  const body: unknown = early ? await early.catch(fetchRemotesBody) : await fetchRemotesBody()
  if (typeof body !== 'object' || body === null) throw new Error('/remotes.json is not an object')
  const table: KnownRemotes = {}
  for (const name of REMOTE_NAMES) {
    const entry = parseEntry((body as Record<string, unknown>)[name])
    if (entry) table[name] = entry
    else console.warn(`[shell] /remotes.json has no usable entry for "${name}"`)
  }
  return table
}

/** The table, read once and shared; a failed read is not kept (the next call reads again). */
export function readRemotesTable(): Promise<KnownRemotes> {
  remotesTable ??= fetchRemotesTable().then(
    (table) => {
      tableRead = table
      tableFailed = false
      notifyRemotesChanged()
      return table
    },
    (error: unknown) => {
      remotesTable = undefined // the next attempt fetches again
      tableFailed = true
      notifyRemotesChanged()
      throw error
    },
  )
  return remotesTable
}

/**
 * The table as last read (a remote's Retry reads it again, as the remote may have moved), or
 * undefined while the first read is under way or failed (`remotesTableFailed`).
 */
export function peekRemotesTable(): KnownRemotes | undefined {
  if (!tableRead && !tableFailed) readRemotesTable().catch(() => {})
  return tableRead
}

export const remotesTableFailed = (): boolean => tableFailed

/** Try `/remotes.json` again after it failed. */
export function retryRemotesTable(): void {
  tableFailed = false
  readRemotesTable().catch(() => {})
  notifyRemotesChanged()
}

/** Read `/remotes.json` again on next use (before a remote's Retry: it may have moved). */
export function forgetRemotesTable(): void {
  remotesTable = undefined
}
