import type { RemoteFrame, RemoteName } from '@medstore/remote-contracts'
import type { ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { NotFound } from '../pages/NotFound.tsx'
import { matchesRoute } from '../routePaths.ts'
import { Loading } from './Loading.tsx'
import { RemoteArea } from './RemoteArea.tsx'
import { routesModuleOf } from './remotes.ts'
import { useRemoteModule } from './useRemoteModule.ts'

/** The remote's area, reset (and retried) by a new location, e.g. /shopDetails/a → /shopDetails/b. */
function Area({ remote, children }: { remote: RemoteName; children: ReactNode }) {
  const { pathname, search } = useLocation()
  return (
    <RemoteArea remote={remote} resetKey={`${pathname}${search}`}>
      {children}
    </RemoteArea>
  )
}

/** The element a remote provides for one of its routes (in the router once its module has loaded). */
export function RemoteRoute({ remote, path }: { remote: RemoteName; path: string }) {
  return (
    <Area remote={remote}>
      <RemoteElement remote={remote} path={path} />
    </Area>
  )
}

function RemoteElement({ remote, path }: { remote: RemoteName; path: string }) {
  const module = useRemoteModule(routesModuleOf(remote))
  if (!module) return <Loading />
  const element = module.routes[path]
  if (element === undefined) throw new Error(`Remote "${remote}" provides no element for route "${path}"`)
  return <>{element}</>
}

/**
 * A path under one of a remote's prefixes that none of its known routes matched: loads the remote's
 * routes (the router then adds them and re-matches); once they are in and still none matches, the
 * remote has answered "not mine" and the shop's not-found page shows in the remote's frame.
 */
export function RemotePrefix({ remote, frame }: { remote: RemoteName; frame: RemoteFrame }) {
  return (
    <Area remote={remote}>
      <PrefixContent remote={remote} frame={frame} />
    </Area>
  )
}

function PrefixContent({ remote, frame }: { remote: RemoteName; frame: RemoteFrame }) {
  const { pathname } = useLocation()
  const module = useRemoteModule(routesModuleOf(remote))
  // Loaded but the router has not re-matched yet: a moment's Loading rather than a flash of not-found.
  const mine = module && Object.keys(module.routes).some((route) => matchesRoute(route, pathname))
  if (!module || mine) return <Loading />
  return <NotFound backOffice={frame === 'back-office'} />
}
