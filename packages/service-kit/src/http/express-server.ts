import http from 'node:http'
import type { Express } from 'express'

const servedApps = new WeakMap<Express, http.ServerOptions>()

/**
 * The HTTP server for an express app (every service's, and the gateway's own routes), whose request and
 * response objects are born with the app's methods.
 *
 * Express gives each request and response the app's prototype as it arrives (`Object.setPrototypeOf` in
 * `app.handle`). In V8 that turns every request's objects into ones the garbage collector promotes and the
 * inline caches cannot settle on: express answering a 3 KB product list spent 97 µs of CPU per request,
 * promoted 2.3 MB and paused 3.3 ms per scavenge at 2,000 requests/s (issue 16, bench/PROFILE.md). Node
 * lets a server construct its own request and response classes: these extend node's, inherit the app's
 * methods, and become the app's `request` and `response`, so express finds each object's prototype already
 * in place and changes nothing: 35 µs per request, nothing promoted, 0.45 ms per scavenge, same behaviour.
 */
export function expressServer(app: Express, listener: http.RequestListener = app): http.Server {
  let classes = servedApps.get(app)
  if (classes === undefined) {
    class AppRequest extends http.IncomingMessage {}
    Object.setPrototypeOf(AppRequest.prototype, app.request)
    class AppResponse extends http.ServerResponse {}
    Object.setPrototypeOf(AppResponse.prototype, app.response)
    app.request = AppRequest.prototype as Express['request']
    app.response = AppResponse.prototype as Express['response']
    classes = { IncomingMessage: AppRequest, ServerResponse: AppResponse as typeof http.ServerResponse }
    servedApps.set(app, classes)
  }
  return http.createServer(classes, listener)
}
