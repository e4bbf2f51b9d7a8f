/**
 * Runtime remote loading. Nothing about the remotes is baked into the build: the shell fetches
 * `/remotes.json` (written by its static server, overridable per environment: each remote's manifest
 * URL, path prefixes and frame), registers the remotes with the Module Federation runtime and loads
 * their modules on demand. Failures become a `RemoteUnavailableError`, which the remote's error
 * boundary turns into a polite fallback with a Retry button. Listeners hear when the table or a module
 * arrives (the router then adds that remote's routes).
 */
import type {
  RemoteFrame,
  RemoteModuleId,
  RemoteModules,
  RemoteName,
  RemotesTable,
  RemoteTableEntry,
} from '@medstore/remote-contracts'
import {
  getInstance,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime'
import { remoteLabels } from './remoteLabels.ts'

const REMOTE_NAMES = Object.keys(remoteLabels) as RemoteName[]

/** A remote (or the remote table) could not be loaded: network down, server stopped, bad manifest. */
export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError'
  constructor(
    readonly remote: RemoteName,
    options?: { cause?: unknown },
  ) {
    super(`Remote "${remote}" is unavailable`, options)
  }
}

/**
 * Runtime plugin: every load failure inside the federation runtime (manifest fetch, remoteEntry script,
 * exposed module) passes through here. It keeps the last failure per remote for diagnostics and lets
 * the error continue to the React boundary (returning nothing means "no fail-over module").
 */
const lastFailures = new Map<string, { lifecycle: string; at: number }>()

export const remoteErrorsPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'medstore-remote-errors',
  errorLoadRemote({ id, lifecycle, remote }) {
    const key = remote?.name ?? id
    lastFailures.set(key, { lifecycle, at: Date.now() })
    console.warn(`[shell] remote "${key}" failed to load (${lifecycle}); showing its fallback`)
    return undefined
  },
})

let federation: ModuleFederation | undefined

function runtime(): ModuleFederation {
  if (federation) return federation
  const instance = getInstance()
  if (!instance) throw new Error('Module Federation runtime is not initialised (shell entry must be async)')
  instance.registerPlugins([remoteErrorsPlugin()])
  federation = instance
  return instance
}

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

function changed(): void {
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

async function fetchRemotesTable(): Promise<KnownRemotes> {
  const response = await fetch('/remotes.json', {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`)
  const body: unknown = await response.json()
  if (typeof body !== 'object' || body === null) throw new Error('/remotes.json is not an object')
  const table: KnownRemotes = {}
  for (const name of REMOTE_NAMES) {
    const entry = parseEntry((body as Record<string, unknown>)[name])
    if (entry) table[name] = entry
    else console.warn(`[shell] /remotes.json has no usable entry for "${name}"`)
  }
  return table
}

function remotes(): Promise<KnownRemotes> {
  remotesTable ??= fetchRemotesTable().then(
    (table) => {
      tableRead = table
      tableFailed = false
      changed()
      return table
    },
    (error: unknown) => {
      remotesTable = undefined // the next attempt fetches again
      tableFailed = true
      changed()
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
  if (!tableRead && !tableFailed) remotes().catch(() => {})
  return tableRead
}

export const remotesTableFailed = (): boolean => tableFailed

/** Try `/remotes.json` again after it failed. */
export function retryRemotesTable(): void {
  tableFailed = false
  remotes().catch(() => {})
  changed()
}

/** Entry URL each remote is registered with; a changed URL or a retry re-registers with `force`. */
const registered = new Map<RemoteName, string>()
const needsForce = new Set<RemoteName>()

async function ensureRegistered(remote: RemoteName): Promise<void> {
  const entry = (await remotes())[remote]?.entry
  if (!entry) throw new Error(`/remotes.json has no URL for "${remote}"`)
  const previous = registered.get(remote)
  if (previous === entry && !needsForce.has(remote)) return
  // force: forget the remote's cached manifest, remoteEntry and modules (after a failure or a move).
  runtime().registerRemotes([{ name: remote, entry }], { force: previous !== undefined })
  registered.set(remote, entry)
  needsForce.delete(remote)
}

/** The federation id of a remote's `./routes` module (every remote exposes one). */
export const routesModuleOf = (remote: RemoteName) =>
  `${remote}/routes` as Extract<RemoteModuleId, `${string}/routes`>

function remoteOf(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName
}

const loaded = new Map<RemoteModuleId, unknown>()
const loading = new Map<RemoteModuleId, Promise<unknown>>()

/** Load a module a remote exposes. Concurrent callers share one request; a failure is not cached. */
export function loadRemoteModule<Id extends RemoteModuleId>(id: Id): Promise<RemoteModules[Id]> {
  const done = loaded.get(id)
  if (done !== undefined) return Promise.resolve(done as RemoteModules[Id])
  let pending = loading.get(id)
  if (!pending) {
    const remote = remoteOf(id)
    pending = (async () => {
      try {
        await ensureRegistered(remote)
        const module = await runtime().loadRemote<RemoteModules[Id]>(id)
        if (module === null || module === undefined) throw new Error(`"${id}" resolved to nothing`)
        loaded.set(id, module)
        changed()
        return module
      } catch (error) {
        needsForce.add(remote)
        throw new RemoteUnavailableError(remote, { cause: error })
      } finally {
        loading.delete(id)
      }
    })()
    loading.set(id, pending)
  }
  return pending as Promise<RemoteModules[Id]>
}

/** The module if it is already loaded (lets a revisited route render without a loading flash). */
export function peekRemoteModule<Id extends RemoteModuleId>(id: Id): RemoteModules[Id] | undefined {
  return loaded.get(id) as RemoteModules[Id] | undefined
}

/** Before a retry: re-read /remotes.json (the remote may have moved) and re-register the remote. */
export function prepareRetry(remote: RemoteName): void {
  remotesTable = undefined
  needsForce.add(remote)
}
