import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { expressServer } from '../src/http/express-server'

const servers: http.Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

async function listening(server: http.Server): Promise<string> {
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function appUnderTest() {
  const app = express()
  app.use(express.json())
  app.get('/echo', (req, res) => {
    res
      .status(201)
      .set('x-seen', req.get('x-probe') ?? '')
      .json({ q: req.query.q, sameApp: req.app === app, path: req.path })
  })
  app.post('/body', (req, res) => void res.json(req.body))
  app.get('/fails', () => {
    throw new Error('boom')
  })
  app.use(((err, _req, res, _next) => {
    res.status(500).json({ message: (err as Error).message })
  }) as express.ErrorRequestHandler)
  return app
}

describe('expressServer', () => {
  it('serves an express app as express itself does: headers, query, body, status, errors', async () => {
    const base = await listening(expressServer(appUnderTest()))
    const echo = await fetch(`${base}/echo?q=tulsi`, { headers: { 'x-probe': 'yes' } })
    expect(echo.status).toBe(201)
    expect(echo.headers.get('x-seen')).toBe('yes')
    expect(await echo.json()).toEqual({ q: 'tulsi', sameApp: true, path: '/echo' })
    const body = await fetch(`${base}/body`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dose: '5 ml' }),
    })
    expect(await body.json()).toEqual({ dose: '5 ml' })
    const fails = await fetch(`${base}/fails`)
    expect(fails.status).toBe(500)
    expect(await fails.json()).toEqual({ message: 'boom' })
  })

  it("makes each request and response with the app's prototypes, so express has none to change", async () => {
    const app = appUnderTest()
    const server = expressServer(app)
    const seen: boolean[] = []
    // 'request' fires before the app handles the request: what node constructed, not what express changed.
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      seen.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response)
      seen.push(req instanceof http.IncomingMessage, res instanceof http.ServerResponse)
    })
    const base = await listening(server)
    expect((await fetch(`${base}/echo?q=1`)).status).toBe(201)
    expect(seen).toEqual([true, true, true, true])
  })

  it('gives an app served twice the same classes, not a longer prototype chain', async () => {
    const app = appUnderTest()
    expressServer(app)
    const request = app.request
    const base = await listening(expressServer(app))
    expect(app.request).toBe(request)
    expect((await fetch(`${base}/echo`)).status).toBe(201)
  })

  it('hands requests to another listener when given one (the gateway proxies most of its own)', async () => {
    const app = appUnderTest()
    const base = await listening(
      expressServer(app, (req, res) => (req.url === '/plain' ? res.end('plain') : app(req, res))),
    )
    expect(await (await fetch(`${base}/plain`)).text()).toBe('plain')
    expect((await fetch(`${base}/echo`)).status).toBe(201)
  })
})
