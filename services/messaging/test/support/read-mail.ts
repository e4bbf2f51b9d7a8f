/**
 * A received mail as a person reads it: the Subject with its RFC 2047 encoded words decoded, and the
 * text body decoded from the transfer encoding nodemailer chose (base64 or quoted-printable for text
 * that is not ASCII, as Hindi is). For the one-part text/plain mails the messaging service sends.
 */
export function readMail(data: string): { subject: string; body: string } {
  const split = data.search(/\r?\n\r?\n/)
  const head = data.slice(0, split).replace(/\r?\n[ \t]+/g, ' ') // unfold header lines
  const rawBody = data.slice(split).replace(/^\r?\n\r?\n/, '')
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? ''
  const encoding = header('Content-Transfer-Encoding').toLowerCase()
  return { subject: decodeWords(header('Subject')), body: decodeBody(rawBody, encoding) }
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?') // whitespace between encoded words is not part of the text
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text.replace(/_/g, ' ')),
    )
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return quotedPrintable(body.replace(/=\r?\n/g, ''))
  return body
}

function quotedPrintable(text: string): string {
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3)
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(text[i] as string, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n')
}
