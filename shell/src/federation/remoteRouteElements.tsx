import type { RemoteFrame, RemoteName } from '@medstore/remote-contracts'
import { Route } from 'react-router-dom'
import { routesWithin } from '../routePaths.ts'
import { RemotePrefix, RemoteRoute } from './RemoteRoute.tsx'
import { peekRemoteModule, routesModuleOf } from './remotes.ts'
import type { KnownRemotes } from './remotesTable.ts'

/**
 * The `<Route>`s of the remotes shown in one frame: for each remote, its own routes once its `./routes`
 * module has loaded (only those under its prefixes), then one route per prefix (which loads the module,
 * and says not-found when the remote has no route for the path). A remote's route outranks its prefix
 * (more specific, or listed first when the pattern is the same), so the shell's build knows no paths.
 */
export function remoteRouteElements(table: KnownRemotes, frame: RemoteFrame) {
  const names = (Object.keys(table) as RemoteName[]).filter((name) => table[name]?.frame === frame)
  return names.flatMap((remote) => {
    const { prefixes = [] } = table[remote] ?? {}
    const module = peekRemoteModule(routesModuleOf(remote))
    const routes = module ? routesWithin(Object.keys(module.routes), prefixes) : []
    return [
      ...routes.map((path) => (
        <Route
          key={`${remote} ${path}`}
          path={path}
          element={<RemoteRoute key={path} remote={remote} path={path} />}
        />
      )),
      ...prefixes.map((prefix) => (
        <Route
          key={`${remote} prefix ${prefix}`}
          path={prefix}
          element={<RemotePrefix key={prefix} remote={remote} frame={frame} />}
        />
      )),
    ]
  })
}
