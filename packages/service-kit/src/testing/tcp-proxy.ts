import net from 'node:net'

/**
 * A TCP pass-through on a random local port, standing in for a server the test cannot stop (the shared
 * PostgreSQL or RabbitMQ). dropConnections() cuts every open connection at once, as a network failure
 * would, while the proxy keeps accepting new ones. goDown() is an outage: open connections are cut and
 * new ones are reset at once until comeBack(), as a stopped server's port would refuse them.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>()
  let down = false
  const dropConnections = () => {
    for (const s of sockets) s.destroy()
  }
  const server = net.createServer((client) => {
    if (down) {
      client.resetAndDestroy()
      return
    }
    const upstream = net.connect(target.port, target.host)
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => s.destroy())
    }
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    port,
    get openConnections() {
      return sockets.size
    },
    dropConnections,
    goDown() {
      down = true
      dropConnections()
    },
    comeBack() {
      down = false
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropConnections()
        server.close(() => resolve())
      }),
  }
}
