import net from 'node:net'

export type ReceivedMail = { from: string; to: string[]; data: string }

/**
 * A tiny SMTP server for tests: speaks just enough of the protocol (220, EHLO/HELO → 250, MAIL/RCPT →
 * 250, DATA → 354, "." → 250, QUIT → 221) and keeps every mail it is given.
 */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = []
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.setEncoding('utf8')
    let buffer = ''
    let inData = false
    let mail: ReceivedMail = { from: '', to: [], data: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    const handle = (line: string) => {
      if (inData) {
        if (line === '.') {
          inData = false
          mails.push(mail)
          mail = { from: '', to: [], data: '' }
          reply('250 OK: queued')
        } else {
          mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n` // undo dot-stuffing
        }
        return
      }
      const verb = line.split(' ')[0]?.toUpperCase()
      const address = () => /<([^>]*)>/.exec(line)?.[1] ?? ''
      if (verb === 'EHLO' || verb === 'HELO') reply('250 test.smtp')
      else if (verb === 'MAIL') {
        mail.from = address()
        reply('250 OK')
      } else if (verb === 'RCPT') {
        mail.to.push(address())
        reply('250 OK')
      } else if (verb === 'DATA') {
        inData = true
        reply('354 End data with <CR><LF>.<CR><LF>')
      } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK')
      else if (verb === 'QUIT') {
        reply('221 Bye')
        socket.end()
      } else reply('502 Command not implemented')
    }
    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        handle(line)
      }
    })
    socket.on('error', () => undefined)
    reply('220 test.smtp ESMTP')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
