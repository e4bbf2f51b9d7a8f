import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Recorded {
  method: string
  path: string
  authorization: string | undefined
  body: string
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void

/**
 * A real HTTP server standing in for the gateway in client and shell component tests (the browser tests
 * use the real gateway): it records every request (so a test can say "nothing was sent") and answers with
 * what the test's route table says. CORS like the gateway. Node only: `@medstore/web-client/testing`,
 * never imported by the client itself.
 */
export async function startTestServer(routes: Record<string, Handler>) {
  const requests: Recorded[] = []
  const server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', 'authorization,content-type')
    res.setHeader('access-control-allow-methods', 'GET,POST,PUT,DELETE,OPTIONS')
    res.setHeader('access-control-expose-headers', 'x-total-count')
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname
      requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body })
      const handler = routes[`${req.method} ${path}`]
      if (handler) handler(req, res, body)
      else json(res, 404, { message: 'Not found' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}
