// Readable child-process logs for `npm start`: pino JSON lines become `HH:MM:SS LEVEL msg key=value…`.

/** Colour when FORCE_COLOR says so, else when writing to a terminal and NO_COLOR is unset. */
export function colorWanted(isTTY: boolean | undefined): boolean {
  if (process.env.FORCE_COLOR) return process.env.FORCE_COLOR !== '0'
  return !!isTTY && !process.env.NO_COLOR
}

/** paint(code)(text): text wrapped in an ANSI SGR code when color is on. */
export const painter = (color: boolean) => (code: string) => (text: string) =>
  color ? `\x1b[${code}m${text}\x1b[0m` : text

export interface FormatOptions {
  /** The child's name: a `service` field or a `[name] ` line prefix equal to it is not repeated. */
  source?: string
  color?: boolean
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
}
const OMITTED_KEYS = new Set(['level', 'time', 'msg', 'message', 'pid', 'hostname', 'v', 'name'])

const clock = (date: Date) => date.toTimeString().slice(0, 8)

function formatValue(value: unknown): string {
  if (typeof value === 'string') return /[\s="]/.test(value) || value === '' ? JSON.stringify(value) : value
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  return JSON.stringify(value) ?? String(value)
}

/** A pino JSON line as `HH:MM:SS LEVEL msg key=value…` (plus an error's stack); any other line unchanged. */
export function formatLogLine(line: string, options: FormatOptions = {}): string {
  const { source } = options
  const paint = painter(options.color ?? false)
  const dim = paint('2')
  const levelColor: Record<string, (text: string) => string> = {
    TRACE: dim,
    DEBUG: dim,
    INFO: paint('32'),
    WARN: paint('33'),
    ERROR: paint('31'),
    FATAL: paint('31'),
  }
  if (!line.startsWith('{')) {
    // Plain lines that name their source themselves ("[shell] serving ...") would show it twice.
    return source && line.startsWith(`[${source}] `) ? line.slice(source.length + 3) : line
  }
  let record: Record<string, unknown>
  try {
    const parsed: unknown = JSON.parse(line)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return line
    record = parsed as Record<string, unknown>
  } catch {
    return line
  }
  if (!('level' in record) && !('msg' in record)) return line
  const time =
    typeof record.time === 'number' || typeof record.time === 'string' ? new Date(record.time) : new Date()
  const level =
    typeof record.level === 'number'
      ? (LEVELS[record.level] ?? `L${record.level}`)
      : String(record.level ?? 'INFO').toUpperCase()
  const message = String(record.msg ?? record.message ?? '')
  const fields: string[] = []
  let stack: string | undefined
  for (const [key, value] of Object.entries(record)) {
    if (OMITTED_KEYS.has(key) || value === undefined) continue
    if (key === 'service' && value === source) continue // already in the [prefix]
    if ((key === 'err' || key === 'error') && typeof value === 'object' && value !== null) {
      const error = value as { type?: unknown; message?: unknown; stack?: unknown }
      if (typeof error.stack === 'string') {
        stack = error.stack
        fields.push(
          `${key}=${formatValue(`${String(error.type ?? 'Error')}: ${String(error.message ?? '')}`)}`,
        )
        continue
      }
    }
    fields.push(`${key}=${formatValue(value)}`)
  }
  const colorLevel = levelColor[level] ?? ((text: string) => text)
  const head = [
    dim(clock(Number.isNaN(time.getTime()) ? new Date() : time)),
    colorLevel(level.padEnd(5)),
    message,
  ]
  const text = [...head, ...fields.map(dim)].filter((part) => part !== '').join(' ')
  return stack ? `${text}\n${dim(stack.split('\n').slice(1).join('\n'))}` : text
}
