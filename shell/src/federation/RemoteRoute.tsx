import type { RemoteName } from '@medstore/mf-config/contract'
import { useLocation } from 'react-router-dom'
import { Loading } from './Loading.tsx'
import { RemoteArea } from './RemoteArea.tsx'
import type { RemoteModuleId } from './remoteTable.ts'
import { useRemoteModule } from './useRemoteModule.ts'

interface Props {
  remote: RemoteName
  path: string
}

/** The element a remote provides for one route, inside the remote's error boundary. */
export function RemoteRoute({ remote, path }: Props) {
  // A new location (e.g. /shopDetails/a → /shopDetails/b) clears an error and tries again.
  const { pathname, search } = useLocation()
  return (
    <RemoteArea remote={remote} resetKey={`${pathname}${search}`}>
      <RemoteElement remote={remote} path={path} />
    </RemoteArea>
  )
}

function RemoteElement({ remote, path }: Props) {
  const module = useRemoteModule(`${remote}/routes` as RemoteModuleId) as
    | { routes?: Readonly<Record<string, React.ReactNode>> }
    | undefined
  if (!module) return <Loading />
  const { routes } = module
  if (typeof routes !== 'object' || routes === null || !(path in routes)) {
    throw new Error(`Remote "${remote}" provides no element for route "${path}"`)
  }
  return <>{routes[path]}</>
}
