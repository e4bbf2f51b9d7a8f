/**
 * Runtime remote loading. Nothing about the remotes is baked into the build: the shell registers each
 * remote with the Module Federation runtime at the manifest URL `/remotes.json` gives (./remotesTable.ts)
 * and loads its modules on demand. Failures become a `RemoteUnavailableError`, which the remote's error
 * boundary turns into a polite fallback with a Retry button. A loaded module is announced (the router
 * then adds that remote's routes).
 */
import type { RemoteModuleId, RemoteModules, RemoteName } from '@medstore/remote-contracts'
import {
  getInstance,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime'
import { earlyManifestPlugin } from './earlyManifest.ts'
import { forgetRemotesTable, notifyRemotesChanged, readRemotesTable } from './remotesTable.ts'

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
 * exposed module) passes through here. It logs the failure for diagnostics and lets the error continue
 * to the React boundary (returning nothing means "no fail-over module").
 */
export const remoteErrorsPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'medstore-remote-errors',
  errorLoadRemote({ id, lifecycle, remote }) {
    const key = remote?.name ?? id
    console.warn(`[shell] remote "${key}" failed to load (${lifecycle}); showing its fallback`)
    return undefined
  },
})

let federation: ModuleFederation | undefined

function runtime(): ModuleFederation {
  if (federation) return federation
  const instance = getInstance()
  if (!instance) throw new Error('Module Federation runtime is not initialised (shell entry must be async)')
  instance.registerPlugins([earlyManifestPlugin(), remoteErrorsPlugin()])
  federation = instance
  return instance
}

/** Entry URL each remote is registered with; a changed URL or a retry re-registers with `force`. */
const registered = new Map<RemoteName, string>()
const needsForce = new Set<RemoteName>()

async function ensureRegistered(remote: RemoteName): Promise<void> {
  const entry = (await readRemotesTable())[remote]?.entry
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
        notifyRemotesChanged()
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

/**
 * Fetch (without running) what loading `id` needs: the remote's manifest, its remoteEntry.js and the
 * module's own chunks, not the remote's copies of the shared packages (the shell provides those). A
 * failure here is only noted: the load that follows reports it (and re-registers the remote first).
 */
export async function preloadRemoteModule(id: RemoteModuleId): Promise<void> {
  const remote = remoteOf(id)
  if (loaded.has(id) || loading.has(id)) return
  try {
    await ensureRegistered(remote)
    const expose = `.${id.slice(remote.length)}`
    await runtime().preloadRemote([
      { nameOrAlias: remote, exposes: [expose], share: false, depsRemote: false },
    ])
  } catch {
    needsForce.add(remote)
  }
}

/** The module if it is already loaded (lets a revisited route render without a loading flash). */
export function peekRemoteModule<Id extends RemoteModuleId>(id: Id): RemoteModules[Id] | undefined {
  return loaded.get(id) as RemoteModules[Id] | undefined
}

/** Before a retry: re-read /remotes.json (the remote may have moved) and re-register the remote. */
export function prepareRetry(remote: RemoteName): void {
  forgetRemotesTable()
  needsForce.add(remote)
}
