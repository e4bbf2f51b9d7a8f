import { AsyncLocalStorage } from 'node:async_hooks'

export type RequestContext = { requestId: string }

const storage = new AsyncLocalStorage<RequestContext>()

export const requestContext = {
  run<T>(context: RequestContext, fn: () => T): T {
    return storage.run(context, fn)
  },
  current(): RequestContext | undefined {
    return storage.getStore()
  },
}

export const REQUEST_ID_HEADER = 'x-request-id'
