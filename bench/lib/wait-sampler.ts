/**
 * Samples what PostgreSQL's backends of some databases are doing (pg_stat_activity) every `everyMs`
 * while a load runs: state, wait event and the statement, counted. Where time goes between the services
 * and the database: "idle in transaction" is a transaction waiting on its service, Lock a row or key
 * lock, IO/WALSync a commit's flush.
 */
import { pgConfigFromUrl } from '@medstore/service-kit/prisma'
import pg from 'pg'

export type WaitSampler = { stop: () => Promise<string> }

export async function sampleWaits(
  pgUrl: string,
  databasePrefix: string,
  everyMs = 50,
  top = 15,
): Promise<WaitSampler> {
  const admin = new pg.Client(pgConfigFromUrl(pgUrl))
  await admin.connect()
  const counts = new Map<string, number>()
  let samples = 0
  let running = true
  const loop = (async () => {
    while (running) {
      const { rows } = await admin.query<{ line: string }>(
        `SELECT concat_ws(' | ', regexp_replace(datname, '^.*_', ''), state, wait_event_type, wait_event,
           left(regexp_replace(query, '\\s+', ' ', 'g'), 70)) AS line
         FROM pg_stat_activity WHERE datname LIKE $1 AND state <> 'idle' AND pid <> pg_backend_pid()`,
        [`${databasePrefix}%`],
      )
      samples++
      for (const { line } of rows) counts.set(line, (counts.get(line) ?? 0) + 1)
      await new Promise((resolve) => setTimeout(resolve, everyMs))
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      await admin.end()
      const lines = [...counts].sort((a, b) => b[1] - a[1]).slice(0, top)
      return [
        `  busy backends, average over ${samples} samples (database | state | wait | statement):`,
        ...lines.map(([line, n]) => `    ${(n / samples).toFixed(2).padStart(6)}  ${line}`),
      ].join('\n')
    },
  }
}
