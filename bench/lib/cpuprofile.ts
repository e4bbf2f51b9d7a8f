/**
 * Reads a V8 .cpuprofile (what `node --cpu-prof` writes) and sums self time, by package and by function,
 * optionally only for samples inside a time window (profile timestamps are the monotonic clock in µs, the
 * same clock as process.hrtime in every process on the machine, so a load window measured by the
 * load generator selects the samples taken under load).
 */

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

export interface ProfileSummary {
  /** Sampled time in the window that was not idle, ms. */
  busyMs: number
  idleMs: number
  /** Self time by package group (see groupOf). */
  byPackage: [string, number][]
  byFunction: [string, number][]
}

/**
 * The groups a performance engineer asks about: one name for all of Prisma (client runtime, its query
 * compiler in WebAssembly, the pg adapter), the pg driver, logging, validation, tokens, the broker client,
 * the HTTP stack, socket writes. Anything else keeps its package (or Node module) name.
 */
const GROUPS: [RegExp, string][] = [
  [/^(@prisma\/|wasm:)/, 'prisma (client, query compiler wasm, adapter)'],
  [/^(pg|pg-protocol|pg-pool|pg-types|postgres-)/, 'pg driver'],
  [/^(pino|pino-|sonic-boom|thread-stream|fast-redact)/, 'pino (logging)'],
  [/^(zod|ajv|ajv-)/, 'zod / ajv (validation)'],
  [/^(jose|jsonwebtoken|jwa|jws)$/, 'jose / jsonwebtoken (tokens)'],
  [/^(amqplib|amqp-)/, 'amqplib (broker)'],
  [
    /^(express|router|body-parser|raw-body|finalhandler|send|serve-static|qs|path-to-regexp|http-proxy.*)$/,
    'express / http-proxy',
  ],
  [/^native: (writev|writeBuffer|writeUtf8String|writeLatin1String)$/, 'socket writes (native)'],
]

export function groupOf(pkg: string): string {
  return GROUPS.find(([pattern]) => pattern.test(pkg))?.[1] ?? pkg
}

/** Which package a frame belongs to, from its script URL. */
export function packageOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === '(garbage collector)') return 'V8: garbage collector'
    if (functionName === '(program)') return 'V8: program (native, compiler)'
    return functionName ? `native: ${functionName}` : 'native'
  }
  if (url.startsWith('node:'))
    return `node: ${url.slice(5).split('/')[0] === 'internal' ? url.slice(14).split('/')[0] : url.slice(5)}`
  const inModules = url.lastIndexOf('/node_modules/')
  if (inModules !== -1) {
    const [first, second] = url.slice(inModules + '/node_modules/'.length).split('/')
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? url)
  }
  // The bundled slice (dist/main.js): our services and @medstore/* packages, inlined by esbuild.
  if (url.endsWith('/dist/main.js')) return 'app (bundled slice code)'
  return url.replace(/^file:\/\//, '')
}

const descending = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1])

export function summarise(profile: CpuProfile, window?: { fromUs: number; toUs: number }): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const byPackage = new Map<string, number>()
  const byFunction = new Map<string, number>()
  let busyMs = 0
  let idleMs = 0
  let at = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0
    // A sample's time is the gap to the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    if (window && (at < window.fromUs || at > window.toUs)) continue
    const frame = nodes.get(profile.samples[i]!)?.callFrame
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(root)') {
      idleMs += ms
      continue
    }
    busyMs += ms
    const pkg = packageOf(frame.url, frame.functionName)
    const group = groupOf(pkg)
    byPackage.set(group, (byPackage.get(group) ?? 0) + ms)
    const where = frame.url
      ? ` (${pkg}${frame.url.endsWith('/dist/main.js') ? `:${frame.lineNumber + 1}` : ''})`
      : ''
    const name = `${frame.functionName || '(anonymous)'}${where}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms)
  }
  return { busyMs, idleMs, byPackage: descending(byPackage), byFunction: descending(byFunction) }
}
