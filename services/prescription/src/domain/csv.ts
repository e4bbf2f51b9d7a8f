/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, or line break, quotes doubled. Text that a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) gets a leading
 * apostrophe first (OWASP's advice against CSV injection): an inspector opening the file runs nothing.
 */
export function csvField(value: string | number): string {
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Rows as CSV text with CRLF line ends (RFC 4180), the header first. */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`
}
